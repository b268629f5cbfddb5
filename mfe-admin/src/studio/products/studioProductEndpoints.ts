import { api } from '@catalyst/web-kit';
import { choice, type ProductEndpoints } from '../../products/productEndpoints';
import { draftToForm } from '../../products/productForm';
import { consoleStrings } from '../../i18n/console/en';

/** Categories a creator may file a product under: the catalogue's active ones (at most 100, as the catalogue shows). */
const activeCategories = async () => (await api.category.list({ query: { limit: 100 } })).items.map(choice);

/**
 * A creator's own products in the studio: their drafts are read and saved (the live product changes only
 * when an admin approves), the creator is theirs (an admin without a creator of their own picks one), and
 * the catalogue settings stay the admin's.
 */
export const studioProductEndpoints: ProductEndpoints = {
  listPath: '/studio',
  // read as the form renders, so it is in the page's language then
  get backLabel() {
    return consoleStrings.t('studio.products.back');
  },
  categories: activeCategories,
  creators: async () => {
    const me = await api.studio.me();
    return me.creator ? { fixed: me.creator.id } : { choices: (await api.creator.adminList()).map(choice) };
  },
  catalogueSettings: false,
  captions: false,
  getProduct: async (id) => {
    const product = await api.studio.get({ params: { id } });
    return draftToForm(product.draft, product.slug);
  },
  saveProduct: (body, id) =>
    id !== undefined
      ? api.studio.save.request({ params: { id }, body })
      : api.studio.create.request({ body }),
  getCurriculum: (id, signal) => api.studio.curriculum({ params: { id } }, { signal }),
  saveCurriculum: (id, body) => api.studio.saveCurriculum.request({ params: { id }, body }),
};
