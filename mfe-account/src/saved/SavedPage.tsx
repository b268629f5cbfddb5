import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedProduct } from '@catalyst/contracts';
import {
  api,
  Button,
  buttonClassName,
  ErrorScreen,
  formatDate,
  formatProductLength,
  productPath,
  remoteTestId,
  savedProducts,
  Spinner,
  Thumbnail,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import styles from './SavedPage.module.css';

/**
 * /saved: the products the member saved for later, newest first, each opening its page or leaving the list.
 * Its reads go through web-kit's `api`, so offline it shows the session's last answer as the learning record does.
 */
export default function SavedPage() {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('saved.documentTitle'));
  const first = useApiData(api.saved.list);
  // Pages after the first, read on "Show more"; products removed here leave at once.
  const [more, setMore] = useState<{ items: SavedProduct[]; nextCursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState('');

  const page = first.data;
  const items = [...(page?.items ?? []), ...(more?.items ?? [])].filter(
    (item) => !removed.has(item.product._id),
  );
  const nextCursor = more ? more.nextCursor : (page?.nextCursor ?? null);

  async function showMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    setProblem('');
    try {
      const next = await api.saved.list({ query: { cursor: nextCursor } });
      setMore({ items: [...(more?.items ?? []), ...next.items], nextCursor: next.nextCursor });
    } catch (error) {
      setProblem(t('saved.moreFailed', { reason: (error as Error).message }));
    } finally {
      setLoadingMore(false);
    }
  }

  async function remove(item: SavedProduct) {
    setProblem('');
    try {
      await savedProducts.setSaved(item.product._id, false);
      setRemoved((ids) => new Set(ids).add(item.product._id));
    } catch (error) {
      setProblem(t('saved.removeFailed', { title: item.product.title, reason: (error as Error).message }));
    }
  }

  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>{t('saved.title')}</h1>
      <p role="status" className={styles.problem}>
        {problem}
      </p>
      {first.error ? (
        <ErrorScreen
          message={t('saved.loadFailed')}
          onRetry={first.reload}
          retryLabel={t('learning.tryAgain')}
        />
      ) : !page ? (
        <Spinner message={t('saved.loading')} />
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <h2>{t('saved.emptyTitle')}</h2>
          <p>{t('saved.emptyText')}</p>
          <Link to="/browse" className={buttonClassName('primary')}>
            {t('saved.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('saved.list')}>
            {items.map((item) => (
              <SavedItem key={item.product._id} item={item} onRemove={() => remove(item)} />
            ))}
          </ul>
          {nextCursor ? (
            <Button variant="secondary" loading={loadingMore} onClick={showMore} className={styles.more}>
              {t('saved.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function SavedItem({ item, onRemove }: { item: SavedProduct; onRemove(): Promise<void> }) {
  const t = useStrings(accountStrings);
  const { product } = item;
  const [busy, setBusy] = useState(false);
  return (
    <li className={styles.item}>
      {product.thumbnail ? (
        <Thumbnail className={styles.thumb} src={product.thumbnail} sizes="10rem" loading="lazy" />
      ) : (
        <div className={styles.thumb} />
      )}
      <div className={styles.body}>
        <h2 className={styles.title}>
          <Link to={productPath(product)}>{product.title}</Link>
        </h2>
        <p className={styles.meta}>
          {[
            product.creator.name,
            product.category.name,
            product.duration ? formatProductLength(product) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className={styles.meta}>{t('saved.savedOn', { date: formatDate(item.savedAt) })}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        loading={busy}
        aria-label={t('saved.removeLabel', { title: product.title })}
        onClick={async () => {
          setBusy(true);
          await onRemove();
          setBusy(false);
        }}
      >
        {t('saved.remove')}
      </Button>
    </li>
  );
}
