import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in Markdown is shown as text (html: false); bare addresses become links.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

/** Links only to absolute http(s) and mailto addresses: anything else stays the text it was written as. */
const LINKABLE = /^(https?:\/\/|mailto:)/i;
markdown.validateLink = (url) => LINKABLE.test(url.trim());

/**
 * A link inside a link is not HTML: a browser ends the outer one there, and what follows runs on outside it.
 * So inside a link, a nested link (an autolink, a bare address) keeps only its text. No images either: an
 * image becomes a link to it named by its alt text (a third-party image would be a tracking pixel in every
 * reader's browser), or only that text inside a link. Done on markdown-it's tokens, before any HTML is
 * written, so the sanitiser below only ever sees links markdown-it balanced itself.
 */
markdown.core.ruler.push('one_level_of_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    // One entry per open link: whether it was kept.
    const open: boolean[] = [];
    block.children = block.children.flatMap((token) => {
      if (token.type === 'link_open') {
        open.push(open.length === 0);
        return open.length === 1 ? [token] : [];
      }
      if (token.type === 'link_close') return open.pop() ? [token] : [];
      if (token.type !== 'image') return [token];
      const text = new state.Token('text', '', 0);
      text.content = token.content || (token.attrGet('src') ?? '');
      if (open.length > 0) return [text];
      const link = new state.Token('link_open', 'a', 1);
      link.attrSet('href', token.attrGet('src') ?? '');
      return [link, text, new state.Token('link_close', 'a', -1)];
    });
  }
});

/**
 * Every link as markdown-it wrote it (only to addresses `validateLink` let through), opening a new tab without
 * a handle on this one. Never turned into another element: the sanitiser would then close a later link with
 * that element's end tag (`<a …>…</span>`), leaving the link open over everything after it.
 */
const link = (href: string | undefined): sanitizeHtml.Tag => ({
  tagName: 'a',
  attribs: {
    ...(href && LINKABLE.test(href.trim()) ? { href: href.trim() } : {}),
    rel: 'nofollow ugc noopener noreferrer',
    target: '_blank',
  },
});

/**
 * What survives of a post's rendered Markdown: text formatting, lists, quotes, code and links. No attributes
 * but a link's, and links only to http(s) and mailto, each opening a new tab without a handle on this one and
 * marked as user content for search engines.
 */
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
  },
};

/** Markdown (a post, a review, a reply) as the HTML readers get: rendered and sanitised on the server, once, when written. */
export function renderMarkdown(bodyMd: string): string {
  return sanitizeHtml(markdown.render(bodyMd), options).trim();
}
