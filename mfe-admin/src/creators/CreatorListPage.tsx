import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminCreator } from '@catalyst/contracts';
import { Alert, Badge, ErrorScreen, Spinner, buttonClassName, useDocumentTitle } from '@catalyst/web-kit';
import { adminApi } from '../api/adminApi';
import styles from '../common/Admin.module.css';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useFlash } from '../common/flash';
import { useEditableList } from '../common/useEditableList';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /admin/creators: every creator with an active toggle, edit and delete (the category list's style). */
export function CreatorListPage() {
  useDocumentTitle('Manage Creators');
  const list = useEditableList<AdminCreator>('/admin/creators');
  const [flash, setFlash] = useFlash();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminCreator | null>(null);

  async function toggleActive(creator: AdminCreator) {
    setPending(creator._id);
    setFailure(null);
    try {
      const { data } = await adminApi.updateCreator(creator._id, { ...creator, isActive: !creator.isActive });
      list.replace(data);
    } catch (error) {
      setFailure(`Failed to update creator status: ${errorText(error)}`);
    } finally {
      setPending(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setPending(toDelete._id);
    setFailure(null);
    try {
      await adminApi.deleteCreator(toDelete._id);
      list.remove(toDelete._id);
      setFlash('Creator deleted successfully!');
    } catch (error) {
      setFailure(`Failed to delete creator: ${errorText(error)}`);
    } finally {
      setPending(null);
      setToDelete(null);
    }
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Manage Creators</h1>
          <p className={styles.subtitle}>Every product belongs to one creator.</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            Back to Dashboard
          </Link>
          <Link className={buttonClassName('primary')} to="/admin/creators/new">
            Add Creator
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
      {list.isLoading ? <Spinner message="Loading creators..." /> : null}
      {list.error ? <ErrorScreen message={`Failed to load creators: ${list.error.message}`} onRetry={list.reload} retryLabel="Try Again" /> : null}
      {!list.isLoading && !list.error ? (
        list.items.length === 0 ? (
          <p className={styles.empty}>No creators yet. Add the first one.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Creator</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Products</th>
                  <th scope="col">Order</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((creator) => (
                  <tr key={creator._id} data-testid="creator-row">
                    <td>
                      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--ck-space-2)' }}>
                        <span className={styles.swatch} style={{ background: creator.color }} aria-hidden="true">
                          {creator.icon}
                        </span>
                        <span>
                          <strong>{creator.name}</strong>
                          <br />
                          <span className={styles.muted}>{creator.description}</span>
                        </span>
                      </span>
                    </td>
                    <td className={styles.muted}>{creator.slug}</td>
                    <td>{creator.productCount}</td>
                    <td>{creator.sortOrder}</td>
                    <td>{creator.isActive ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-pressed={creator.isActive}
                          disabled={pending === creator._id}
                          onClick={() => void toggleActive(creator)}
                          aria-label={creator.isActive ? `Deactivate ${creator.name}` : `Activate ${creator.name}`}
                          title={creator.isActive ? 'Deactivate' : 'Activate'}
                        >
                          {creator.isActive ? '✅' : '⏸️'}
                        </button>
                        <Link className={styles.iconButton} to={`/admin/creators/${creator._id}/edit`} aria-label={`Edit ${creator.name}`} title="Edit">
                          ✏️
                        </Link>
                        <button
                          type="button"
                          className={`${styles.iconButton} ${styles.danger}`}
                          disabled={pending === creator._id}
                          onClick={() => setToDelete(creator)}
                          aria-label={`Delete ${creator.name}`}
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
        title="Delete creator"
        message={toDelete ? `Are you sure you want to delete "${toDelete.name}"? This action cannot be undone.` : ''}
        busy={toDelete !== null && pending === toDelete._id}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
