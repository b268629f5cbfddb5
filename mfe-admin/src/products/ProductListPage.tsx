import { useState } from 'react';
import type { AdminProduct, Page } from '@catalyst/contracts';
import { Eye, EyeOff, Star, StarOff } from '@catalyst/web-kit/icons';
import {
  api,
  Badge,
  formatPrice,
  formatProductLength,
  pageCount,
  Pager,
  useStrings,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { ListSearch } from '../common/ListSearch';
import { RowActions, RowToggle } from '../common/RowActions';
import { useAdminList } from '../common/useAdminList';
import { adminStrings } from '../i18n/en';
import { LEVEL_KEYS, PRODUCT_KIND_KEYS } from '../i18n/terms';

export const productDeleteQuestion = (title: string) => adminStrings.t('products.deleteQuestion', { title });

/** Products per page of the admin list (the catalogue may hold thousands: every one is reachable by page or search). */
export const PRODUCTS_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminProduct>).items;

/** /admin/products: drafts too, found by title, a page at a time, with publish (eye), featured (star), edit and delete. */
export function ProductListPage() {
  const t = useStrings(adminStrings);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList<AdminProduct>({
    read: api.product.adminList,
    input: { query: { search: search || undefined, page, limit: PRODUCTS_PAGE_SIZE } },
    pick: pickRows,
    remove: (id) => api.product.remove({ params: { id } }),
    deletedMessage: t('products.deleted'),
    deleteFailure: t('products.deleteFailed'),
  });

  /** The eye and the star send the whole product back with one flag flipped (spec section 4). */
  const flip = (product: AdminProduct, flag: 'isPublished' | 'isFeatured') =>
    void list.change(
      product,
      // the whole product goes back, with one flag flipped
      () =>
        api.product.replace.request({
          params: { id: product._id },
          body: { ...product, [flag]: !product[flag] },
        }),
      t(flag === 'isPublished' ? 'products.statusFailed' : 'products.featuredFailed'),
    );

  return (
    <AdminListView
      list={list}
      toolbar={
        <div className={styles.toolbar}>
          <ListSearch
            label={t('common.products')}
            fieldLabel={t('products.search')}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
        </div>
      }
      footer={
        <Pager
          label={t('products.pages')}
          page={page}
          pages={pageCount(list.data as Page<AdminProduct> | undefined)}
          onPage={setPage}
        />
      }
      title={t('products.title')}
      subtitle={t('products.subtitle')}
      addLabel={t('products.add')}
      addPath="/admin/products/new"
      loadingMessage={t('products.loading')}
      loadFailure={t('products.loadFailed')}
      emptyMessage={t(search ? 'products.noMatch' : 'products.empty')}
      columns={[
        {
          label: t('products.product'),
          cell: (product) => (
            <>
              <strong>{product.title}</strong>
              <br />
              <span className={styles.muted}>{product.slug}</span>
            </>
          ),
        },
        { label: t('products.category'), cell: (product) => product.category.name },
        { label: t('products.creator'), cell: (product) => product.creator.name },
        {
          label: t('products.type'),
          cell: (product) =>
            t('products.typeLevel', {
              type: t(PRODUCT_KIND_KEYS[product.type]),
              level: t(LEVEL_KEYS[product.difficulty]),
            }),
        },
        { label: t('products.duration'), cell: (product) => formatProductLength(product) },
        { label: t('products.price'), cell: (product) => formatPrice(product.price) },
        {
          label: t('common.status'),
          cell: (product) => (
            <span className={styles.actions}>
              {product.isPublished ? (
                <Badge tone="success">{t('products.published')}</Badge>
              ) : (
                <Badge>{t('products.draft')}</Badge>
              )}
              {product.isFeatured ? <Badge tone="warning">{t('products.featured')}</Badge> : null}
              {product.isActive ? null : <Badge tone="danger">{t('common.inactive')}</Badge>}
            </span>
          ),
        },
        {
          label: t('common.actions'),
          cell: (product) => (
            <RowActions
              name={product.title}
              editPath={`/admin/products/${product._id}/edit`}
              busy={list.isBusy(product._id)}
              onDelete={() => list.askDelete(product)}
            >
              <RowToggle
                pressed={product.isPublished}
                busy={list.isBusy(product._id)}
                onToggle={() => flip(product, 'isPublished')}
                label={t(product.isPublished ? 'products.unpublishNamed' : 'products.publishNamed', {
                  name: product.title,
                })}
                title={t(product.isPublished ? 'products.unpublish' : 'products.publish')}
                icon={product.isPublished ? Eye : EyeOff}
              />
              <RowToggle
                pressed={product.isFeatured}
                busy={list.isBusy(product._id)}
                onToggle={() => flip(product, 'isFeatured')}
                label={t(product.isFeatured ? 'products.unfeatureNamed' : 'products.featureNamed', {
                  name: product.title,
                })}
                title={t(product.isFeatured ? 'products.unfeature' : 'products.feature')}
                icon={product.isFeatured ? Star : StarOff}
              />
            </RowActions>
          ),
        },
      ]}
      rowTestId="product-row"
      deleteTitle={t('products.deleteTitle')}
      deleteQuestion={(product) => productDeleteQuestion(product.title)}
    />
  );
}
