import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  ErrorScreen,
  Spinner,
  buttonClassName,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Admin.module.css';
import { ConfirmDialog } from './ConfirmDialog';
import type { AdminList } from './useAdminList';

export interface AdminListViewProps<T extends { _id: string }> {
  list: AdminList<T>;
  /** The page's heading and document title ('Manage Categories'). */
  title: string;
  subtitle: string;
  /** The Add button (a list of things made elsewhere, like certificates, has none). */
  addLabel?: string;
  addPath?: string;
  loadingMessage: string;
  /** Shown before the reason when the list cannot load ('Failed to load categories'). */
  loadFailure: string;
  emptyMessage: string;
  /** The table's columns: a heading and what each row shows under it (on a phone, rows become cards whose cells carry their heading). */
  columns: ReadonlyArray<AdminColumn<T>>;
  /** The `data-testid` of every row ('product-row'). */
  rowTestId: string;
  /** The delete confirmation (a list whose rows are never deleted leaves both out). */
  deleteTitle?: string;
  deleteQuestion?: (item: T) => string;
  /** Above the table and kept mounted while the rows reload: the list's search and filters. */
  toolbar?: ReactNode;
  /** Under the table: paging, and any dialog of the page's own. */
  footer?: ReactNode;
}

export interface AdminColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
  /** A cell that reads as secondary text. */
  muted?: boolean;
}

/** An admin list page: header with Back and Add, alerts, the toolbar, loading/error/empty states, the table, the footer and the delete confirmation. */
export function AdminListView<T extends { _id: string }>({
  list,
  title,
  subtitle,
  addLabel,
  addPath,
  loadingMessage,
  loadFailure,
  emptyMessage,
  columns,
  rowTestId,
  deleteTitle,
  deleteQuestion,
  toolbar,
  footer,
}: AdminListViewProps<T>) {
  const t = useStrings(adminStrings);
  useDocumentTitle(title);
  const { toDelete } = list;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            {t('common.backToDashboard')}
          </Link>
          {addLabel && addPath ? (
            <Link className={buttonClassName('primary')} to={addPath}>
              {addLabel}
            </Link>
          ) : null}
        </div>
      </header>
      {list.flash ? (
        <Alert tone="success" onDismiss={list.dismissFlash} reveal>
          {list.flash}
        </Alert>
      ) : null}
      {list.failure ? (
        <Alert tone="danger" onDismiss={list.dismissFailure} reveal>
          {list.failure}
        </Alert>
      ) : null}
      {toolbar}
      {list.isLoading ? <Spinner message={loadingMessage} /> : null}
      {list.error ? (
        <ErrorScreen
          message={`${loadFailure}: ${list.error.message}`}
          onRetry={list.reload}
          retryLabel={t('common.tryAgain')}
        />
      ) : null}
      {!list.isLoading && !list.error ? (
        list.items.length === 0 ? (
          <p className={styles.empty}>{emptyMessage}</p>
        ) : (
          <AdminTable columns={columns} rows={list.items} rowKey={(item) => item._id} rowTestId={rowTestId} />
        )
      ) : null}
      {footer}
      {deleteTitle && deleteQuestion ? (
        <ConfirmDialog
          open={toDelete !== null}
          title={deleteTitle}
          message={toDelete ? deleteQuestion(toDelete) : ''}
          busy={toDelete !== null && list.isBusy(toDelete._id)}
          onConfirm={() => void list.confirmDelete()}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </section>
  );
}

/** The admin lists' table: a heading per column, a row per item (on a phone a card whose cells carry their heading). */
export function AdminTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: ReadonlyArray<AdminColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.muted ? styles.muted : undefined}
                >
                  <div className={styles.cell}>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
