import { createContext, useContext, type ReactNode } from 'react';
import type { AdminCurriculum, ProductInput } from '@catalyst/contracts';
import { api, type ApiResult } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import type { CurriculumBody } from '../curriculum/curriculumDraft';
import { productToForm, type ProductFormValues } from './productForm';

/** A choice offered on the product form (a category, a creator). */
export interface FormChoice {
  id: string;
  name: string;
  isActive: boolean;
}

/**
 * Where the product form and the curriculum editor read and save: the admin's catalogue routes, or a
 * creator's studio (their own products, saved as revisions for review). The pages are the same.
 */
export interface ProductEndpoints {
  /** The list a saved or cancelled form goes back to ('/admin/products'). */
  listPath: string;
  /** 'Back to Products' */
  backLabel: string;
  categories: () => Promise<FormChoice[]>;
  /** Every creator to choose from, or the one creator every product here belongs to (not shown as a choice). */
  creators: () => Promise<{ choices: FormChoice[] } | { fixed: string }>;
  /** Published, featured and sort order: the catalogue's decisions, set only where they are the editor's. */
  catalogueSettings: boolean;
  /** A video's captions are uploaded here (the media service keeps them an admin's task). */
  captions: boolean;
  /** The product's values as the form shows them (a creator's: their latest draft). */
  getProduct: (id: string) => Promise<ProductFormValues>;
  saveProduct: (body: ProductInput, id: string | undefined) => Promise<ApiResult<unknown>>;
  getCurriculum: (id: string, signal: AbortSignal) => Promise<AdminCurriculum>;
  saveCurriculum: (id: string, body: CurriculumBody) => Promise<ApiResult<AdminCurriculum>>;
}

/** A category or creator as a choice of the form. */
export const choice = (item: { _id: string; name: string; isActive: boolean }): FormChoice => ({
  id: item._id,
  name: item.name,
  isActive: item.isActive,
});

/** The admin's catalogue: any creator, every category (inactive ones too), publishing included. */
export const adminProductEndpoints: ProductEndpoints = {
  listPath: '/admin/products',
  // read as the form renders, so it is in the page's language then
  get backLabel() {
    return adminStrings.t('products.back');
  },
  categories: async () => (await api.category.adminList()).map(choice),
  creators: async () => ({ choices: (await api.creator.adminList()).map(choice) }),
  catalogueSettings: true,
  captions: true,
  getProduct: async (id) => productToForm(await api.product.adminGet({ params: { id } })),
  saveProduct: (body, id) =>
    id !== undefined
      ? api.product.replace.request({ params: { id }, body })
      : api.product.create.request({ body }),
  getCurriculum: (id, signal) => api.curriculum.adminGet({ params: { id } }, { signal }),
  saveCurriculum: (id, body) => api.curriculum.replace.request({ params: { id }, body }),
};

const ProductEndpointsContext = createContext<ProductEndpoints>(adminProductEndpoints);

/** The product pages below use these endpoints (the admin's unless told otherwise). */
export function ProductEndpointsProvider({
  endpoints,
  children,
}: {
  endpoints: ProductEndpoints;
  children: ReactNode;
}) {
  return <ProductEndpointsContext value={endpoints}>{children}</ProductEndpointsContext>;
}

export const useProductEndpoints = () => useContext(ProductEndpointsContext);
