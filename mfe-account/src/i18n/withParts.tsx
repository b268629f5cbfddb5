import type { ReactNode } from 'react';

/**
 * A translated text with several pieces of the page inside it (links): each `{{name}}` the text holds is replaced
 * by `parts[name]`, wherever the language's grammar puts it (web-kit's withPart places one).
 */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  let first: { name: string; at: number } | null = null;
  for (const name of Object.keys(parts)) {
    const at = text.indexOf(`{{${name}}}`);
    if (at >= 0 && (first === null || at < first.at)) first = { name, at };
  }
  if (first === null) return text;
  return (
    <>
      {text.slice(0, first.at)}
      {parts[first.name]}
      {withParts(text.slice(first.at + first.name.length + 4), parts)}
    </>
  );
}
