// What tests of rendered posts ask of HTML: that a browser reads it as written. No vitest here, so the
// security suite (a plain node program) imports it as the community tests do.
const VOID_TAGS = new Set(['br', 'hr']);
const INLINE_TAGS = new Set(['a', 'strong', 'em', 's', 'del', 'code']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g;

/**
 * What is wrong with a post's HTML as a browser would read it (undefined: nothing): every element closed in
 * the order opened, no link inside a link, nothing block-level inside an inline element, no stray `<`.
 */
export function htmlMalformation(html: string): string | undefined {
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
