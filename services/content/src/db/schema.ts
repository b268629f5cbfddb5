// The content schema: one line per table, each table's types in ./tables.
import type { CategoryTable } from './tables/category';
import type { CreatorTable } from './tables/creator';
import type { ProductTable } from './tables/product';

export interface Database {
  categories: CategoryTable;
  creators: CreatorTable;
  products: ProductTable;
}
