// The admin area's calls (spec section 7): web-kit's typed calls of the declared admin routes, by what the pages do.
import type { AdminProduct, CategoryInput, CreatorInput, ProductInput } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

export const adminApi = {
  stats: () => api.stats.get(),

  listCategories: () => api.category.adminList(),
  getCategory: (id: string) => api.category.adminGet({ params: { id } }),
  createCategory: (body: CategoryInput) => api.category.create.request({ body }),
  updateCategory: (id: string, body: CategoryInput) => api.category.replace.request({ params: { id }, body }),
  deleteCategory: (id: string) => api.category.remove({ params: { id } }),

  getProduct: (id: string) => api.product.adminGet({ params: { id } }),
  createProduct: (body: ProductInput) => api.product.create.request({ body }),
  /** The whole product: the eye and star toggles send it back with one flag flipped. */
  updateProduct: (id: string, body: ProductInput | AdminProduct) =>
    api.product.replace.request({ params: { id }, body }),
  deleteProduct: (id: string) => api.product.remove({ params: { id } }),

  listCreators: () => api.creator.adminList(),
  getCreator: (id: string) => api.creator.adminGet({ params: { id } }),
  createCreator: (body: CreatorInput) => api.creator.create.request({ body }),
  updateCreator: (id: string, body: CreatorInput) => api.creator.replace.request({ params: { id }, body }),
  deleteCreator: (id: string) => api.creator.remove({ params: { id } }),
};
