import { Fragment, type ReactNode } from 'react';

/**
 * web-kit's withPart for a text with several pieces of the page in it ('Revoke {{code}} of {{learner}}?'): each
 * `{{name}}` the parts give is replaced by its piece, where the language's text places it. The text is read
 * with t(key) and no values, so its placeholders are still there.
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
