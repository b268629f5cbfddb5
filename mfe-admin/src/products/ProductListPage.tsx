import { useState } from 'react';
import { adminMessages, type AdminProduct, type Page } from '@catalyst/contracts';
import { Eye, EyeOff, Star, StarOff } from '@catalyst/web-kit/icons';
import { api, Badge, formatPrice, formatProductLength, pageCount, Pager } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { ListSearch } from '../common/ListSearch';
import { RowActions, RowToggle } from '../common/RowActions';
import { useAdminList } from '../common/useAdminList';

export const productDeleteQuestion = (title: string) =>
  `Are you sure you want to delete "${title}"? All associated content, including learners' progress, will be removed. This action cannot be undone.`;

/** Products per page of the admin list (the catalogue may hold thousands: every one is reachable by page or search). */
export const PRODUCTS_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminProduct>).items;

/** /admin/products: drafts too, found by title, a page at a time, with publish (eye), featured (star), edit and delete. */
export function ProductListPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList<AdminProduct>({
    read: api.product.adminList,
    input: { query: { search: search || undefined, page, limit: PRODUCTS_PAGE_SIZE } },
    pick: pickRows,
    remove: (id) => api.product.remove({ params: { id } }),
    deletedMessage: adminMessages.productDeleted,
    deleteFailure: 'Failed to delete product',
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
      flag === 'isPublished' ? 'Failed to update product status' : 'Failed to update featured status',
    );

  return (
    <AdminListView
      list={list}
      toolbar={
        <div className={styles.toolbar}>
          <ListSearch
            label="Products"
            fieldLabel="Search products"
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
        </div>
      }
      footer={
        <Pager
          label="Product pages"
          page={page}
          pages={pageCount(list.data as Page<AdminProduct> | undefined)}
          onPage={setPage}
        />
      }
      title="Manage Products"
      subtitle="Published, active products appear in the catalogue; drafts only here."
      addLabel="Add Product"
      addPath="/admin/products/new"
      loadingMessage="Loading products..."
      loadFailure="Failed to load data"
      emptyMessage={search ? 'No products match this search.' : 'No products yet. Add the first one.'}
      columns={[
        {
          label: 'Product',
          cell: (product) => (
            <>
              <strong>{product.title}</strong>
              <br />
              <span className={styles.muted}>{product.slug}</span>
            </>
          ),
        },
        { label: 'Category', cell: (product) => product.category.name },
        { label: 'Creator', cell: (product) => product.creator.name },
        { label: 'Type', cell: (product) => `${product.type} · ${product.difficulty}` },
        { label: 'Duration', cell: (product) => formatProductLength(product) },
        { label: 'Price', cell: (product) => formatPrice(product.price) },
        {
          label: 'Status',
          cell: (product) => (
            <span className={styles.actions}>
              {product.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
              {product.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
              {product.isActive ? null : <Badge tone="danger">Inactive</Badge>}
            </span>
          ),
        },
        {
          label: 'Actions',
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
                label={product.isPublished ? `Unpublish ${product.title}` : `Publish ${product.title}`}
                title={product.isPublished ? 'Unpublish' : 'Publish'}
                icon={product.isPublished ? Eye : EyeOff}
              />
              <RowToggle
                pressed={product.isFeatured}
                busy={list.isBusy(product._id)}
                onToggle={() => flip(product, 'isFeatured')}
                label={product.isFeatured ? `Unfeature ${product.title}` : `Feature ${product.title}`}
                title={product.isFeatured ? 'Unfeature' : 'Feature'}
                icon={product.isFeatured ? Star : StarOff}
              />
            </RowActions>
          ),
        },
      ]}
      rowTestId="product-row"
      deleteTitle="Delete product"
      deleteQuestion={(product) => productDeleteQuestion(product.title)}
    />
  );
}
