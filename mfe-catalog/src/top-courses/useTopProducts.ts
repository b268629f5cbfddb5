import { useApiData } from '@catalyst/web-kit';

export interface TopProduct {
  _id: string;
  productId?: string;
  slug?: string;
  title?: string;
  name?: string;
  description?: string;
  thumbnail?: string;
  image?: string;
  price?: number | null;
}

export function useTopProducts() {
  const result = useApiData<TopProduct[]>('/content/products/top');
  return { ...result, products: Array.isArray(result.data) ? result.data : [] };
}
