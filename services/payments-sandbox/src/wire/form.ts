/**
 * Decodes Stripe's form encoding: `a[b][0][c]=v` becomes { a: { b: [ { c: 'v' } ] } }. The stripe SDK
 * sends POST bodies this way and GET/DELETE parameters in the query string.
 */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const head = /^[^[\]]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')];
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      node = next && typeof next === 'object' ? (next as Record<string, unknown>) : (node[name] = {});
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, unknown>;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFromIndexedObjects(v)] as const,
  );
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** A flat string map (metadata) from a decoded parameter, or {} when absent. */
export function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
