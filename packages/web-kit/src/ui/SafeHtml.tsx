import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';

/**
 * Whose HTML it is: 'content' (product pages and lessons, written by admins) or 'ugc' (posts people wrote,
 * whose links also carry nofollow and ugc). Either way the server sanitised it first; this is the second wall.
 */
export type HtmlSource = 'content' | 'ugc';

const REL: Record<HtmlSource, string> = {
  content: 'noopener noreferrer',
  ugc: 'nofollow ugc noopener noreferrer',
};

const purifiers = new Map<HtmlSource, Purifier>();

/** One DOMPurify instance per source, made on first use, whose links open in a new tab without this page. */
function purifierFor(source: HtmlSource): Purifier {
  let purifier = purifiers.get(source);
  if (!purifier) {
    purifier = DOMPurify();
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A' || !node.getAttribute('href')) return;
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', REL[source]);
    });
    purifiers.set(source, purifier);
  }
  return purifier;
}

/** Server-rendered HTML after DOMPurify: no scripts, handlers, styles, forms, frames or javascript: URLs. */
export function cleanHtml(html: string, source: HtmlSource = 'content'): string {
  return purifierFor(source).sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/** The one way a page shows HTML from the server: cleaned again in the browser, then injected. */
export function SafeHtml({
  html,
  source = 'content',
  className,
  testId,
}: {
  html: string;
  source?: HtmlSource;
  className?: string;
  testId?: string;
}) {
  const clean = useMemo(() => cleanHtml(html, source), [html, source]);
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
