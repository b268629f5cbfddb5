/** A category as GET /categories lists it (spec section 3). */
export interface CategoryCard {
  _id: string;
  name: string;
  description: string;
  slug: string;
  icon?: string;
  color?: string;
  productCount?: number;
}
