import { conflict } from '@catalyst/service-kit';

/** The 409 when a category or creator that still holds products is deleted (spec section 8). */
export function stillHasProducts(noun: 'category' | 'creator', productCount: number) {
  const one = productCount === 1;
  return conflict(
    `This ${noun} still has ${productCount} ${one ? 'product' : 'products'}. Move or delete ${one ? 'it' : 'them'} before deleting the ${noun}.`,
  );
}
