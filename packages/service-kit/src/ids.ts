import { createHash, randomBytes } from 'node:crypto';

/** A new entity id: 24 lowercase hex characters (architecture: fixed conventions). */
export const newObjectId = (): string => randomBytes(12).toString('hex');

export const isObjectId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);

export const demoHash = (text: string) => createHash('sha1').update(`catalyst-demo:${text}`).digest('hex');

/**
 * Ids of seeded demo entities, derived from their slugs: every fresh start has the same ids, and a
 * service can seed rows that point at another service's demo entities without reading its schema.
 */
export const demoEntityId = (kind: 'category' | 'creator' | 'product' | 'path', slug: string): string =>
  demoHash(`${kind}:${slug}`).slice(0, 24);
export const demoProductCode = (slug: string): string =>
  demoHash(`productId:${slug}`).slice(0, 8).toUpperCase();
