import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner and disables the button (e.g. while submitting). */
  loading?: boolean;
  children?: ReactNode;
}

/** Class names of a button, for links that must look like one. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: 'sm' | 'md' | 'lg' = 'md',
  block = false,
): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName(variant, size, block), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" inline /> : null}
      {children}
    </button>
  );
}
