import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { GiftRedemption } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  formatDate,
  isApiRequestError,
  Spinner,
  subscription,
  useApiData,
  useDocumentTitle,
  useStrings,
  type ApiClient,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import styles from './Gift.module.css';

/** /gift/{code}: who gave what, and Redeem (single use: the months are added after any paid period). */
export function GiftRedeemPage({
  client = defaultApi,
  store = subscription,
}: {
  client?: ApiClient;
  store?: SubscriptionStore;
}) {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('redeem.documentTitle'));
  const code = useParams().code ?? '';
  const preview = useApiData(client.gift.preview, { params: { code } });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<GiftRedemption | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function redeem() {
    setBusy(true);
    setError(null);
    try {
      setDone(await client.gift.redeem({ params: { code } }));
      await store.refresh();
    } catch (err) {
      setError(isApiRequestError(err) && err.status < 500 ? err.message : t('redeem.failed'));
    }
    setBusy(false);
  }

  if (preview.error)
    return (
      <div className={styles.page}>
        <Alert tone="danger">
          {isApiRequestError(preview.error) && preview.error.status < 500
            ? preview.error.message
            : t('redeem.loadFailed')}
        </Alert>
      </div>
    );
  if (!preview.data) return <Spinner message={t('redeem.loading')} />;
  const gift = preview.data;
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby="gift-title">
        <h1 id="gift-title">{t('redeem.title', { from: gift.fromName, count: gift.months })}</h1>
        {gift.message ? <blockquote>{gift.message}</blockquote> : null}
        {done ? (
          <>
            <Alert tone="success">
              {t('redeem.done', { date: formatDate(done.premiumUntil, 'long', { utc: true }) })}
            </Alert>
            <div>
              <Link to="/browse">{t('subscribed.browse')}</Link>
            </div>
          </>
        ) : gift.status === 'paid' ? (
          <>
            <p className={styles.muted}>{t('redeem.note')}</p>
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <div>
              <Button loading={busy} onClick={() => void redeem()}>
                {t('redeem.button')}
              </Button>
            </div>
          </>
        ) : (
          <Alert tone="warning">{gift.status === 'redeemed' ? t('redeem.used') : t('redeem.refunded')}</Alert>
        )}
      </Card>
    </div>
  );
}
