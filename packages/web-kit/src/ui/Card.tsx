import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  interactive?: boolean;
  /** No padding, for cards that start with a full-bleed image. */
  flush?: boolean;
  children?: ReactNode;
}

export function Card({
  as: Tag = 'div',
  interactive = false,
  flush = false,
  className,
  children,
  ...rest
}: CardProps) {
  const classes = [styles.card, interactive ? styles.interactive : '', flush ? styles.flush : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Tag className={classes} {...rest}>
      {children}
    </Tag>
  );
}
