import { isFreeProduct } from '@catalyst/contracts';
import { call } from './http';

export interface SampleProduct {
  _id: string;
  slug: string;
  price: number | null;
}

/**
 * A product only a plan opens: a free one (priced 0) opens for every signed-in user, so it cannot stand
 * for premium access (nor make content ask billing for an entitlement).
 */
export async function premiumProduct(base: string): Promise<SampleProduct | undefined> {
  const list = await call(base, 'GET', '/api/v1/content/products?limit=20');
  const items = (list.body?.data?.items ?? []) as SampleProduct[];
  return items.find((item) => !isFreeProduct(item));
}
