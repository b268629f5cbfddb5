import type { ReactNode } from 'react';

/**
 * A translated text with a piece of the page inside it (a link): withPart(text, 'link', <Link/>) puts the piece
 * where the text ("Read our {{link}}.") names it, so each language places it where its grammar wants.
 */
export function withPart(text: string, name: string, part: ReactNode): ReactNode {
  const marker = `{{${name}}}`;
  const at = text.indexOf(marker);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {part}
      {text.slice(at + marker.length)}
    </>
  );
}
