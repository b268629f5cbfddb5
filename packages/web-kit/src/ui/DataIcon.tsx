import { useSyncExternalStore } from 'react';
import { canDrawColourEmoji } from './colour-emoji';
import { dataIconGlyph } from './dataIcons';
import styles from './DataIcon.module.css';

export { canDrawColourEmoji, EMOJI_FONTS } from './colour-emoji';
export { dataIconGlyph } from './dataIcons';

const noSubscription = () => () => undefined;

export interface DataIconProps {
  /** The emoji the admin picked (data, not interface). */
  icon: string;
  /** What the icon stands for: its first letter stands in where emoji cannot be drawn. */
  name: string;
  /** The admin's colour, as the icon's background tint. */
  color?: string;
  className?: string;
}

/**
 * A category's or creator's icon: a preset's SVG counterpart (dataIcons.ts) in the admin's colour; another emoji
 * drawn with the emoji fonts, or its name's initial where none is installed.
 */
export function DataIcon({ icon, name, color, className }: DataIconProps) {
  const drawable = useSyncExternalStore(noSubscription, canDrawColourEmoji, () => true);
  const glyph = dataIconGlyph(icon, { size: '60%' });
  if (glyph)
    return (
      <span
        className={[styles.icon, styles.glyph, className].filter(Boolean).join(' ')}
        style={color ? { background: `${color}22`, color } : undefined}
        aria-hidden="true"
        data-testid="data-icon"
      >
        {glyph}
      </span>
    );
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  const showEmoji = icon.trim() !== '' && drawable;
  return (
    <span
      className={[styles.icon, showEmoji ? styles.emoji : styles.letter, className].filter(Boolean).join(' ')}
      style={color ? { background: `${color}22` } : undefined}
      aria-hidden="true"
      data-testid="data-icon"
    >
      {showEmoji ? icon : letter}
    </span>
  );
}
