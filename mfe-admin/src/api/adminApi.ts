// The admin area's calls (spec section 7), through web-kit's one API client.
import type {
  AdminCategory,
  AdminCreator,
  AdminProduct,
  AdminStats,
  CategoryInput,
  CreatorInput,
  Page,
  ProductInput,
} from '@catalyst/contracts';
import { ADMIN_STATS_READ, api } from '@catalyst/web-kit';

export const adminApi = {
  stats: () => api.get<AdminStats>(ADMIN_STATS_READ.path),

  listCategories: () => api.get<AdminCategory[]>('/admin/categories'),
  getCategory: (id: string) => api.get<AdminCategory>(`/admin/categories/${encodeURIComponent(id)}`),
  createCategory: (body: CategoryInput) => api.request<AdminCategory>('POST', '/admin/categories', { body }),
  updateCategory: (id: string, body: CategoryInput) => api.request<AdminCategory>('PUT', `/admin/categories/${encodeURIComponent(id)}`, { body }),
  deleteCategory: (id: string) => api.delete<{ _id: string }>(`/admin/categories/${encodeURIComponent(id)}`),

  /** Every product, drafts included (the admin list is one page of up to 100). */
  listProducts: () => api.get<Page<AdminProduct>>('/admin/products', { query: { limit: 100 } }),
  getProduct: (id: string) => api.get<AdminProduct>(`/admin/products/${encodeURIComponent(id)}`),
  createProduct: (body: ProductInput) => api.request<AdminProduct>('POST', '/admin/products', { body }),
  /** The whole product: the eye and star toggles send it back with one flag flipped. */
  updateProduct: (id: string, body: ProductInput | AdminProduct) =>
    api.request<AdminProduct>('PUT', `/admin/products/${encodeURIComponent(id)}`, { body }),
  deleteProduct: (id: string) => api.delete<{ _id: string }>(`/admin/products/${encodeURIComponent(id)}`),

  listCreators: () => api.get<AdminCreator[]>('/admin/creators'),
  getCreator: (id: string) => api.get<AdminCreator>(`/admin/creators/${encodeURIComponent(id)}`),
  createCreator: (body: CreatorInput) => api.request<AdminCreator>('POST', '/admin/creators', { body }),
  updateCreator: (id: string, body: CreatorInput) => api.request<AdminCreator>('PUT', `/admin/creators/${encodeURIComponent(id)}`, { body }),
  deleteCreator: (id: string) => api.delete<{ _id: string }>(`/admin/creators/${encodeURIComponent(id)}`),
};
