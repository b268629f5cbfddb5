import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for a product's HTML content: text formatting, lists, tables, links and images.
 * No script or style, no event handlers (no attribute outside the list survives), and links only
 * to http(s) and mailto — a javascript: URL is dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'b',
    'i',
    'strong',
    'em',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Removed along with their text, not just unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // A link that opens a new tab must not hand the page a handle on this one.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Sanitised HTML, or null when nothing readable is left. */
export function sanitizeContent(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, options).trim();
  return clean === '' ? null : clean;
}
