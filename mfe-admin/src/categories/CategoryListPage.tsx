import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminMessages, type AdminCategory } from '@catalyst/contracts';
import { Alert, Badge, ErrorScreen, Spinner, buttonClassName, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useFlash } from '../common/flash';
import { useEditableList } from '../common/useEditableList';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /admin/categories: every category with its active toggle, edit and delete. */
export function CategoryListPage() {
  useDocumentTitle('Manage Categories');
  const list = useEditableList<AdminCategory>('/admin/categories');
  const [flash, setFlash] = useFlash();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);

  async function toggleActive(category: AdminCategory) {
    setPending(category._id);
    setFailure(null);
    try {
      const { data } = await adminApi.updateCategory(category._id, { ...category, isActive: !category.isActive });
      list.replace(data);
    } catch (error) {
      setFailure(`Failed to update category status: ${errorText(error)}`);
    } finally {
      setPending(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setPending(toDelete._id);
    setFailure(null);
    try {
      await adminApi.deleteCategory(toDelete._id);
      list.remove(toDelete._id);
      setFlash(adminMessages.categoryDeleted);
    } catch (error) {
      setFailure(`Failed to delete category: ${errorText(error)}`);
    } finally {
      setPending(null);
      setToDelete(null);
    }
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Manage Categories</h1>
          <p className={styles.subtitle}>Active categories are shown on the Browse page.</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            Back to Dashboard
          </Link>
          <Link className={buttonClassName('primary')} to="/admin/categories/new">
            Add Category
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
      {list.isLoading ? <Spinner message="Loading categories..." /> : null}
      {list.error ? <ErrorScreen message={`Failed to load categories: ${list.error.message}`} onRetry={list.reload} retryLabel="Try Again" /> : null}
      {!list.isLoading && !list.error ? (
        list.items.length === 0 ? (
          <p className={styles.empty}>No categories yet. Add the first one.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Products</th>
                  <th scope="col">Order</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((category) => (
                  <tr key={category._id} data-testid="category-row">
                    <td>
                      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--ck-space-2)' }}>
                        <span className={styles.swatch} style={{ background: category.color }} aria-hidden="true">
                          {category.icon}
                        </span>
                        <span>
                          <strong>{category.name}</strong>
                          <br />
                          <span className={styles.muted}>{category.description}</span>
                        </span>
                      </span>
                    </td>
                    <td className={styles.muted}>{category.slug}</td>
                    <td>{category.productCount}</td>
                    <td>{category.sortOrder}</td>
                    <td>{category.isActive ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-pressed={category.isActive}
                          disabled={pending === category._id}
                          onClick={() => void toggleActive(category)}
                          aria-label={category.isActive ? `Deactivate ${category.name}` : `Activate ${category.name}`}
                          title={category.isActive ? 'Deactivate' : 'Activate'}
                        >
                          {category.isActive ? '✅' : '⏸️'}
                        </button>
                        <Link className={styles.iconButton} to={`/admin/categories/${category._id}/edit`} aria-label={`Edit ${category.name}`} title="Edit">
                          ✏️
                        </Link>
                        <button
                          type="button"
                          className={`${styles.iconButton} ${styles.danger}`}
                          disabled={pending === category._id}
                          onClick={() => setToDelete(category)}
                          aria-label={`Delete ${category.name}`}
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
        title="Delete category"
        message={toDelete ? `Are you sure you want to delete "${toDelete.name}"? This action cannot be undone.` : ''}
        busy={toDelete !== null && pending === toDelete._id}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
