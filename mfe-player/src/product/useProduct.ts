import type { ProductDetail } from '@catalyst/contracts';
import { productDetailRead, useApiData } from '@catalyst/web-kit';

/** The product page accepts a slug, a productId or an _id (architecture: resolved ambiguities). */
export function useProduct(idOrSlug: string) {
  return useApiData<ProductDetail>(idOrSlug ? productDetailRead(idOrSlug).path : null);
}
