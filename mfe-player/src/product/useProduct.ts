import { useApiData } from '@catalyst/web-kit';

export interface Product {
  _id: string;
  productId?: string;
  slug?: string;
  title: string;
  description?: string;
  videoUrl?: string;
  thumbnail?: string;
  duration?: number;
  type?: string;
}

/** The product page accepts a slug, a productId or an _id (architecture: resolved ambiguities). */
export function useProduct(idOrSlug: string) {
  return useApiData<Product>(`/content/premium/products/${encodeURIComponent(idOrSlug)}`);
}
