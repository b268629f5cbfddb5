import { adminMessages, type AdminProduct, type Page } from '@catalyst/contracts';
import { Badge, formatDuration, formatPrice } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { RowActions, RowToggle } from '../common/RowActions';
import { useAdminList } from '../common/useAdminList';

export const productDeleteQuestion = (title: string) =>
  `Are you sure you want to delete "${title}"? All associated content, including learners' progress, will be removed. This action cannot be undone.`;

/** /admin/products: drafts too, with publish (eye), featured (star), edit and delete. */
export function ProductListPage() {
  const list = useAdminList<AdminProduct>({
    path: '/admin/products?limit=100',
    pick: (data) => (data as Page<AdminProduct>).items,
    remove: adminApi.deleteProduct,
    deletedMessage: adminMessages.productDeleted,
    deleteFailure: 'Failed to delete product',
  });

  /** The eye and the star send the whole product back with one flag flipped (spec section 4). */
  const flip = (product: AdminProduct, flag: 'isPublished' | 'isFeatured') =>
    void list.change(
      product,
      () => adminApi.updateProduct(product._id, { ...product, [flag]: !product[flag] }),
      flag === 'isPublished' ? 'Failed to update product status' : 'Failed to update featured status',
    );

  return (
    <AdminListView
      list={list}
      title="Manage Products"
      subtitle="Published, active products appear in the catalogue; drafts only here."
      addLabel="Add Product"
      addPath="/admin/products/new"
      loadingMessage="Loading products..."
      loadFailure="Failed to load data"
      emptyMessage="No products yet. Add the first one."
      columns={['Product', 'Category', 'Creator', 'Type', 'Duration', 'Price', 'Status', 'Actions']}
      renderRow={(product) => (
        <tr data-testid="product-row">
          <td>
            <strong>{product.title}</strong>
            <br />
            <span className={styles.muted}>{product.slug}</span>
          </td>
          <td>{product.category.name}</td>
          <td>{product.creator.name}</td>
          <td>
            {product.type} · {product.difficulty}
          </td>
          <td>{formatDuration(product.duration)}</td>
          <td>{formatPrice(product.price)}</td>
          <td>
            <span className={styles.actions}>
              {product.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
              {product.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
              {product.isActive ? null : <Badge tone="danger">Inactive</Badge>}
            </span>
          </td>
          <RowActions name={product.title} editPath={`/admin/products/${product._id}/edit`} busy={list.isBusy(product._id)} onDelete={() => list.askDelete(product)}>
            <RowToggle
              pressed={product.isPublished}
              busy={list.isBusy(product._id)}
              onToggle={() => flip(product, 'isPublished')}
              label={product.isPublished ? `Unpublish ${product.title}` : `Publish ${product.title}`}
              title={product.isPublished ? 'Unpublish' : 'Publish'}
            >
              {product.isPublished ? '👁️' : '🙈'}
            </RowToggle>
            <RowToggle
              pressed={product.isFeatured}
              busy={list.isBusy(product._id)}
              onToggle={() => flip(product, 'isFeatured')}
              label={product.isFeatured ? `Unfeature ${product.title}` : `Feature ${product.title}`}
              title={product.isFeatured ? 'Remove from featured' : 'Feature'}
            >
              {product.isFeatured ? '★' : '☆'}
            </RowToggle>
          </RowActions>
        </tr>
      )}
      deleteTitle="Delete product"
      deleteQuestion={(product) => productDeleteQuestion(product.title)}
    />
  );
}
