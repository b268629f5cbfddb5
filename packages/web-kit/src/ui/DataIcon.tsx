import { useSyncExternalStore } from 'react';
import styles from './DataIcon.module.css';

let colourEmoji: boolean | null = null;

/**
 * Whether this browser draws colour emoji. Many Linux desktops and servers have no emoji font and draw
 * an empty box instead; a colour pixel in a drawn emoji is the proof.
 */
export function canDrawColourEmoji(): boolean {
  if (colourEmoji !== null) return colourEmoji;
  colourEmoji = true;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return colourEmoji;
    context.textBaseline = 'top';
    context.font = `14px ${EMOJI_FONTS}`;
    context.fillText('\u{1F600}', 0, 0);
    const pixels = context.getImageData(0, 0, 16, 16).data;
    let coloured = false;
    for (let i = 0; i < pixels.length && !coloured; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(i, i + 4);
      coloured = a > 0 && (Math.abs(r - g) > 24 || Math.abs(g - b) > 24);
    }
    colourEmoji = coloured;
  } catch {
    // no canvas (tests, old browsers): trust the emoji
  }
  return colourEmoji;
}

export const EMOJI_FONTS = "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', 'Twemoji Mozilla', 'EmojiOne Color', sans-serif";

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

/** A category's or creator's emoji, drawn with the emoji fonts; its name's initial where none is installed. */
export function DataIcon({ icon, name, color, className }: DataIconProps) {
  const drawable = useSyncExternalStore(noSubscription, canDrawColourEmoji, () => true);
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
