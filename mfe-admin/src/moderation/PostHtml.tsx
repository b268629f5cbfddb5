import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** A post's links leave the admin area in a new tab, without its window, and still marked as user content. */
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'nofollow ugc noopener noreferrer');
});

/**
 * The community service renders and sanitises a post; the admin area (whose session can do anything) cleans
 * it again before showing it, so a gap in the server's sanitiser is not a way into an admin's browser.
 */
export const cleanPostHtml = (html: string) =>
  purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });

export function PostHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => cleanPostHtml(html), [html]);
  return <div className={className} data-testid="post-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
