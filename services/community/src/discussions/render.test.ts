import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPost } from './render';

const VOID_TAGS = new Set(['br', 'hr']);
const INLINE_TAGS = new Set(['a', 'strong', 'em', 's', 'del', 'code']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g;

/**
 * What is wrong with HTML as a browser would read it (undefined: nothing): every element closed in the order
 * opened, no link inside a link, nothing block-level inside an inline element, no stray `<`.
 */
function malformation(html: string): string | undefined {
  const stack: string[] = [];
  for (const match of html.matchAll(TAG)) {
    const tag = match[2]!.toLowerCase();
    if (VOID_TAGS.has(tag)) continue;
    if (match[1] === '/') {
      const open = stack.pop();
      if (open !== tag) return `</${tag}> closes <${open ?? 'nothing'}>`;
      continue;
    }
    if (tag === 'a' && stack.includes('a')) return 'a link inside a link';
    const inline = stack.find((t) => INLINE_TAGS.has(t));
    if (inline && !INLINE_TAGS.has(tag)) return `<${tag}> inside <${inline}>`;
    stack.push(tag);
  }
  if (stack.length > 0) return `unclosed ${stack.map((t) => `<${t}>`).join('')}`;
  if (/<[a-zA-Z/!?]/.test(html.replace(TAG, ''))) return 'a stray tag-like "<"';
  return undefined;
}

/** Pieces Markdown is made of, and of attacks on it: links, images, autolinks, raw HTML, quotes and brackets. */
const piece = fc.oneof(
  fc.constantFrom(
    'https://example.com/',
    'https://example.com/"><script>',
    'www.example.com',
    'mailto:a@example.com',
    'javascript:alert(1)',
    '<https://example.com/a>',
    '[',
    '](https://example.com/b)',
    '![',
    '](https://example.com/pic.png)',
    '(',
    ')',
    '"',
    "'",
    '<',
    '>',
    '<script>',
    '</a>',
    '<a href="https://x.example">',
    '&',
    '&amp;',
    '*',
    '**',
    '_',
    '`',
    '```\n',
    '~~',
    '\\',
    '#',
    '# ',
    '- ',
    '1. ',
    '> ',
    '|',
    '| --- |',
    '---',
    ' ',
    '\n',
    '\n\n',
  ),
  fc.string({ maxLength: 6 }),
);
const markdownText = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

describe("a post's HTML", () => {
  it('is well formed for any Markdown (balanced, no link in a link, nothing block-level in a link)', () => {
    fc.assert(
      fc.property(markdownText, (md) => {
        const html = renderPost(md);
        expect(malformation(html), `${JSON.stringify(md)}\n→ ${html}`).toBeUndefined();
      }),
      { numRuns: 3_000 },
    );
  });

  it('keeps a crafted bare link to its own paragraph', () => {
    const html = renderPost('https://example.com/"><script>\n\nThe next paragraph.');
    expect(html).toBe(
      '<p><a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">https://example.com/</a>"&gt;&lt;script&gt;</p>\n' +
        '<p>The next paragraph.</p>',
    );
  });

  it("never closes a link with another element's end tag after an address it refused", () => {
    const html = renderPost('<Ahttps://example.com/"><script>https://example.com/\n\nThe next paragraph.');
    expect(malformation(html)).toBeUndefined();
    expect(html).toBe(
      '<p>&lt;Ahttps://example.com/"&gt;&lt;script&gt;<a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">https://example.com/</a></p>\n' +
        '<p>The next paragraph.</p>',
    );
  });

  it('shows an image inside a link as the link named by its alt text, never a link in a link', () => {
    expect(renderPost('[![A chart](https://example.com/pic.png)](https://example.com/)\n\nAfter.')).toBe(
      '<p><a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">A chart</a></p>\n' +
        '<p>After.</p>',
    );
    expect(renderPost('![A chart](https://example.com/pic.png)')).toBe(
      '<p><a href="https://example.com/pic.png" rel="nofollow ugc noopener noreferrer" target="_blank">A chart</a></p>',
    );
  });
});
