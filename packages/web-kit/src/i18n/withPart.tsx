import { Fragment, type ReactNode } from 'react';

/**
 * A translated text with pieces of the page inside it (links, a bold name): each `{{name}}` the parts give is
 * replaced by `parts[name]` wherever the language's text places it ('By {{creator}} in {{category}}'), so each
 * language puts them where its grammar wants. The text is read with t(key) and no values, so its placeholders
 * are still there; one the parts do not give stays as it is.
 */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text
    .split(/(\{\{\w+\}\})/)
    .map((piece, index) => {
      const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
      return name !== undefined && name in parts ? <Fragment key={index}>{parts[name]}</Fragment> : piece;
    })
    .filter((piece) => piece !== '');
}

/** withParts for one piece: withPart(text, 'link', <Link/>) for "Read our {{link}}.". */
export const withPart = (text: string, name: string, part: ReactNode): ReactNode =>
  withParts(text, { [name]: part });
