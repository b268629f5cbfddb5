import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlMalformation } from '@catalyst/service-kit/testing/html';
import { renderMarkdown } from './markdown';

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
        const html = renderMarkdown(md);
        expect(htmlMalformation(html), `${JSON.stringify(md)}\n→ ${html}`).toBeUndefined();
      }),
      { numRuns: 3_000 },
    );
  });

  it('keeps a crafted bare link to its own paragraph', () => {
    const html = renderMarkdown('https://example.com/"><script>\n\nThe next paragraph.');
    expect(html).toBe(
      '<p><a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">https://example.com/</a>"&gt;&lt;script&gt;</p>\n' +
        '<p>The next paragraph.</p>',
    );
  });

  it("never closes a link with another element's end tag after an address it refused", () => {
    const html = renderMarkdown(
      '<Ahttps://example.com/"><script>https://example.com/\n\nThe next paragraph.',
    );
    expect(htmlMalformation(html)).toBeUndefined();
    expect(html).toBe(
      '<p>&lt;Ahttps://example.com/"&gt;&lt;script&gt;<a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">https://example.com/</a></p>\n' +
        '<p>The next paragraph.</p>',
    );
  });

  it('shows an image inside a link as the link named by its alt text, never a link in a link', () => {
    expect(renderMarkdown('[![A chart](https://example.com/pic.png)](https://example.com/)\n\nAfter.')).toBe(
      '<p><a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">A chart</a></p>\n' +
        '<p>After.</p>',
    );
    expect(renderMarkdown('![A chart](https://example.com/pic.png)')).toBe(
      '<p><a href="https://example.com/pic.png" rel="nofollow ugc noopener noreferrer" target="_blank">A chart</a></p>',
    );
  });
});
