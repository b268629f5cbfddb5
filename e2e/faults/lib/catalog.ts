import { isFreeProduct, type CurriculumOutline, type Page } from '@catalyst/contracts';
import { call, type ApiBody } from './http';

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
  const list = await call<ApiBody<Page<SampleProduct>>>(base, 'GET', '/api/v1/content/products?limit=20');
  const items = list.body?.data?.items ?? [];
  return items.find((item) => !isFreeProduct(item));
}

/**
 * Products whose progress is saved per product: single-video products. A course with lessons saves per
 * lesson (its product-level save is a 409), so load that writes product progress must not pick one.
 */
export async function singleVideoProducts(base: string, count: number): Promise<SampleProduct[]> {
  const list = await call<ApiBody<Page<SampleProduct>>>(base, 'GET', '/api/v1/content/products?limit=40');
  const items = list.body?.data?.items ?? [];
  const found: SampleProduct[] = [];
  for (const item of items) {
    if (found.length === count) break;
    const outline = await call<ApiBody<CurriculumOutline>>(
      base,
      'GET',
      `/api/v1/content/products/${item.slug}/curriculum`,
    );
    if (outline.status === 200 && outline.body?.data?.lessonCount === 0) found.push(item);
  }
  return found;
}
