import { randomBytes } from 'node:crypto';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
export { escape as escapeHtml };

/**
 * An HTML answer of the LTI routes, framed by the LMS: its own CSP (no script but its nonce's, forms only to
 * the named targets, framed only by the registered platforms), no caching.
 */
export function htmlPage({
  title,
  body,
  script,
  formTargets = [],
  frameAncestors,
  status = 200,
}: {
  title: string;
  body: string;
  script?: string;
  formTargets?: string[];
  frameAncestors: string[];
  status?: number;
}): Response {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src ${script ? `'nonce-${nonce}'` : "'none'"}`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2430}button{font:inherit;padding:.5rem 1rem}
label{display:block;margin:.25rem 0}</style></head>
<body>${body}${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** A form that posts itself to another site at once (a button where scripts are off). */
export function autoPostPage(action: string, fields: Record<string, string>, frameAncestors: string[]) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return htmlPage({
    title: 'Returning to your course',
    body: `<form method="post" action="${escape(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>`,
    script: 'document.forms[0].submit();',
    formTargets: [new URL(action).origin],
    frameAncestors,
  });
}
