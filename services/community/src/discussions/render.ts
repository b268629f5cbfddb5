import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in a post is shown as text (html: false); bare addresses become links.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

/**
 * What survives of a post's rendered Markdown: text formatting, lists, quotes, code and links. No images:
 * an image becomes a link to it named by its alt text (a third-party image would be a tracking pixel in
 * every reader's browser). No attributes but a link's, and
 * links only to http(s) and mailto, each opening a new tab without a handle on this one and marked as
 * user content for search engines.
 */
/** A link to an absolute http(s) or mailto address; anything else keeps only its text (a span, which is then unwrapped). */
const link = (href: string | undefined, text?: string): sanitizeHtml.Tag =>
  href && /^(https?:\/\/|mailto:)/i.test(href.trim())
    ? {
        tagName: 'a',
        attribs: { href: href.trim(), rel: 'nofollow ugc noopener noreferrer', target: '_blank' },
        ...(text === undefined ? {} : { text }),
      }
    : { tagName: 'span', attribs: {}, ...(text === undefined ? {} : { text }) };

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'em',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (_tagName, attribs) => link(attribs.href),
    img: (_tagName, attribs) => link(attribs.src, attribs.alt || attribs.src || ''),
  },
};

/** A post's Markdown as the HTML readers get: rendered and sanitised on the server, once, when written. */
export function renderPost(bodyMd: string): string {
  return sanitizeHtml(markdown.render(bodyMd), options).trim();
}
