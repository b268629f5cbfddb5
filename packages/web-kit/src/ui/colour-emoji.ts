// Whether this browser draws colour emoji, without React: the shell's early entry asks it before the app
// renders (see shell/src/early-entry.ts), so the canvas probe (slow where no emoji font is installed: the
// browser searches every font for the glyph) is not part of the first render's task.

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

export const EMOJI_FONTS =
  "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', 'Twemoji Mozilla', 'EmojiOne Color', sans-serif";
