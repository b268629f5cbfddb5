import { Link } from 'react-router-dom';
import type { StudioProduct } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  buttonClassName,
  ErrorScreen,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { AdminTable } from '../../common/AdminListView';
import { useFlash } from '../../common/flash';
import { formatDateTime } from '../../common/formatDateTime';
import { StudioNav } from '../StudioNav';
import { ReviewStatusBadge } from './ReviewStatusBadge';

/** /studio: the creator's products, each with where its draft stands in review and whether it is live. */
export function StudioProductsPage() {
  useDocumentTitle('Your products');
  const [flash, setFlash] = useFlash();
  const list = useApiData(api.studio.list);
  // An admin without a creator of their own sees every creator's products: each row then says whose.
  const severalCreators = new Set(list.data?.map((product) => product.creator.id)).size > 1;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Your products</h1>
          <p className={styles.subtitle}>
            Edit your products and submit them for review: an admin publishes each change once approved.
          </p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('primary')} to="/studio/products/new">
            New product
          </Link>
        </div>
      </header>
      <StudioNav />
      {flash ? (
        <Alert tone="success" onDismiss={() => setFlash(null)} reveal>
          {flash}
        </Alert>
      ) : null}
      {list.isLoading && !list.data ? <Spinner message="Loading products..." /> : null}
      {list.error ? (
        <ErrorScreen
          message={`Failed to load your products: ${list.error.message}`}
          onRetry={list.reload}
          retryLabel="Try Again"
        />
      ) : null}
      {list.data?.length === 0 ? (
        <p className={styles.empty}>No products yet. Create your first one.</p>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <AdminTable<StudioProduct>
          rows={list.data}
          rowKey={(product) => product._id}
          rowTestId="studio-product-row"
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
            ...(severalCreators
              ? [{ label: 'Creator', cell: (product: StudioProduct) => product.creator.name }]
              : []),
            {
              label: 'Status',
              cell: (product) => (
                <span className={styles.actions}>
                  <ReviewStatusBadge status={product.reviewStatus} />
                  {product.isPublished ? <Badge tone="success">Published</Badge> : null}
                </span>
              ),
            },
            {
              label: 'Reason',
              cell: (product) => product.reason ?? '',
            },
            { label: 'Updated', cell: (product) => formatDateTime(product.updatedAt), muted: true },
            {
              label: 'Actions',
              cell: (product) => (
                <Link
                  className={buttonClassName('secondary', 'sm')}
                  to={`/studio/products/${product._id}/edit`}
                  aria-label={`Edit ${product.title}`}
                >
                  Edit
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
