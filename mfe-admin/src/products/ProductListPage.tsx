import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminMessages, type AdminProduct, type Page } from '@catalyst/contracts';
import { Alert, Badge, ErrorScreen, Spinner, buttonClassName, formatDuration, formatPrice, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useFlash } from '../common/flash';
import { useEditableList } from '../common/useEditableList';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const productDeleteQuestion = (title: string) =>
  `Are you sure you want to delete "${title}"? All associated content, including learners' progress, will be removed. This action cannot be undone.`;

/** /admin/products: drafts too, with publish (eye), featured (star), edit and delete. */
export function ProductListPage() {
  useDocumentTitle('Manage Products');
  const list = useEditableList<AdminProduct>('/admin/products?limit=100', (data) => (data as Page<AdminProduct>).items);
  const [flash, setFlash] = useFlash();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);

  /** The eye and the star send the whole product back with one flag flipped (spec section 4). */
  async function flip(product: AdminProduct, flag: 'isPublished' | 'isFeatured') {
    setPending(product._id);
    setFailure(null);
    try {
      const { data } = await adminApi.updateProduct(product._id, { ...product, [flag]: !product[flag] });
      list.replace(data);
    } catch (error) {
      setFailure(`${flag === 'isPublished' ? 'Failed to update product status' : 'Failed to update featured status'}: ${errorText(error)}`);
    } finally {
      setPending(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setPending(toDelete._id);
    setFailure(null);
    try {
      await adminApi.deleteProduct(toDelete._id);
      list.remove(toDelete._id);
      setFlash(adminMessages.productDeleted);
    } catch (error) {
      setFailure(`Failed to delete product: ${errorText(error)}`);
    } finally {
      setPending(null);
      setToDelete(null);
    }
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Manage Products</h1>
          <p className={styles.subtitle}>Published, active products appear in the catalogue; drafts only here.</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            Back to Dashboard
          </Link>
          <Link className={buttonClassName('primary')} to="/admin/products/new">
            Add Product
          </Link>
        </div>
      </header>
      {flash ? (
        <Alert tone="success" onDismiss={() => setFlash(null)}>
          {flash}
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="danger" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {list.isLoading ? <Spinner message="Loading products..." /> : null}
      {list.error ? <ErrorScreen message={`Failed to load data: ${list.error.message}`} onRetry={list.reload} retryLabel="Try Again" /> : null}
      {!list.isLoading && !list.error ? (
        list.items.length === 0 ? (
          <p className={styles.empty}>No products yet. Add the first one.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Category</th>
                  <th scope="col">Creator</th>
                  <th scope="col">Type</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Price</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((product) => (
                  <tr key={product._id} data-testid="product-row">
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
                    <td>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-pressed={product.isPublished}
                          disabled={pending === product._id}
                          onClick={() => void flip(product, 'isPublished')}
                          aria-label={product.isPublished ? `Unpublish ${product.title}` : `Publish ${product.title}`}
                          title={product.isPublished ? 'Unpublish' : 'Publish'}
                        >
                          {product.isPublished ? '👁️' : '🙈'}
                        </button>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-pressed={product.isFeatured}
                          disabled={pending === product._id}
                          onClick={() => void flip(product, 'isFeatured')}
                          aria-label={product.isFeatured ? `Unfeature ${product.title}` : `Feature ${product.title}`}
                          title={product.isFeatured ? 'Remove from featured' : 'Feature'}
                        >
                          {product.isFeatured ? '★' : '☆'}
                        </button>
                        <Link className={styles.iconButton} to={`/admin/products/${product._id}/edit`} aria-label={`Edit ${product.title}`} title="Edit">
                          ✏️
                        </Link>
                        <button
                          type="button"
                          className={`${styles.iconButton} ${styles.danger}`}
                          disabled={pending === product._id}
                          onClick={() => setToDelete(product)}
                          aria-label={`Delete ${product.title}`}
                          title="Delete"
                        >
                          🗑️
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete product"
        message={toDelete ? productDeleteQuestion(toDelete.title) : ''}
        busy={toDelete !== null && pending === toDelete._id}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
