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
  useStrings,
} from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { AdminTable } from '../../common/AdminListView';
import { useFlash } from '../../common/flash';
import { formatDateTime } from '../../common/formatDateTime';
import { StudioNav } from '../StudioNav';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { consoleStrings } from '../../i18n/console/en';

/** /studio: the creator's products, each with where its draft stands in review and whether it is live. */
export function StudioProductsPage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.products.title'));
  const [flash, setFlash] = useFlash();
  const list = useApiData(api.studio.list);
  // An admin without a creator of their own sees every creator's products: each row then says whose.
  const severalCreators = new Set(list.data?.map((product) => product.creator.id)).size > 1;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.products.title')}</h1>
          <p className={styles.subtitle}>{t('studio.products.subtitle')}</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('primary')} to="/studio/products/new">
            {t('studio.products.new')}
          </Link>
        </div>
      </header>
      <StudioNav />
      {flash ? (
        <Alert tone="success" onDismiss={() => setFlash(null)} reveal>
          {flash}
        </Alert>
      ) : null}
      {list.isLoading && !list.data ? <Spinner message={t('studio.products.loading')} /> : null}
      {list.error ? (
        <ErrorScreen
          message={t('studio.products.failed', { message: list.error.message })}
          onRetry={list.reload}
          retryLabel={t('revisions.tryAgain')}
        />
      ) : null}
      {list.data?.length === 0 ? <p className={styles.empty}>{t('studio.products.empty')}</p> : null}
      {list.data && list.data.length > 0 ? (
        <AdminTable<StudioProduct>
          rows={list.data}
          rowKey={(product) => product._id}
          rowTestId="studio-product-row"
          columns={[
            {
              label: t('revisions.queue.product'),
              cell: (product) => (
                <>
                  <strong>{product.title}</strong>
                  <br />
                  <span className={styles.muted}>{product.slug}</span>
                </>
              ),
            },
            ...(severalCreators
              ? [
                  {
                    label: t('revisions.queue.creator'),
                    cell: (product: StudioProduct) => product.creator.name,
                  },
                ]
              : []),
            {
              label: t('royalties.status'),
              cell: (product) => (
                <span className={styles.actions}>
                  <ReviewStatusBadge status={product.reviewStatus} />
                  {product.isPublished ? (
                    <Badge tone="success">{t('revisions.queue.published')}</Badge>
                  ) : null}
                </span>
              ),
            },
            {
              label: t('moderation.audit.reason'),
              cell: (product) => product.reason ?? '',
            },
            {
              label: t('studio.products.updated'),
              cell: (product) => formatDateTime(product.updatedAt),
              muted: true,
            },
            {
              label: t('revisions.queue.actions'),
              cell: (product) => (
                <Link
                  className={buttonClassName('secondary', 'sm')}
                  to={`/studio/products/${product._id}/edit`}
                  aria-label={t('studio.products.editLabel', { title: product.title })}
                >
                  {t('studio.products.edit')}
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
