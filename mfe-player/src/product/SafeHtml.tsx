import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Links in product content open in a new tab without handing it this page. */
let hooked = false;
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Product HTML after DOMPurify: no scripts, handlers, frames or javascript: URLs, whatever the server stored. */
export function sanitizeProductHtml(html: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeProductHtml(html), [html]);
  return (
    <div className={className} data-testid="product-content" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
