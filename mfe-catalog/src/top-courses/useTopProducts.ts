import { api, useApiData } from '@catalyst/web-kit';

/** The dashboard's featured products. */
export function useTopProducts() {
  const result = useApiData(api.product.top);
  return { ...result, products: result.data ?? [] };
}
