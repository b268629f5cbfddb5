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
  type ApiClient,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import styles from './Gift.module.css';

/** /gift/{code}: who gave what, and Redeem (single use: the months are added after any paid period). */
export function GiftRedeemPage({
  client = defaultApi,
  store = subscription,
}: {
  client?: ApiClient;
  store?: SubscriptionStore;
}) {
  useDocumentTitle('Your gift');
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
      setError(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : 'The gift could not be redeemed. Please try again.',
      );
    }
    setBusy(false);
  }

  if (preview.error)
    return (
      <div className={styles.page}>
        <Alert tone="danger">
          {isApiRequestError(preview.error) && preview.error.status < 500
            ? preview.error.message
            : 'The gift could not be loaded.'}
        </Alert>
      </div>
    );
  if (!preview.data) return <Spinner message="Loading your gift..." />;
  const gift = preview.data;
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby="gift-title">
        <h1 id="gift-title">
          {gift.fromName} gave you {gift.months} months of Premium
        </h1>
        {gift.message ? <blockquote>{gift.message}</blockquote> : null}
        {done ? (
          <>
            <Alert tone="success">
              Gift redeemed. Premium is yours until {formatDate(done.premiumUntil, 'long', { utc: true })}.
            </Alert>
            <div>
              <Link to="/browse">Browse Content</Link>
            </div>
          </>
        ) : gift.status === 'paid' ? (
          <>
            <p className={styles.muted}>
              The months start after any Premium you have paid for, so nothing you pay overlaps them.
            </p>
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <div>
              <Button loading={busy} onClick={() => void redeem()}>
                Redeem gift
              </Button>
            </div>
          </>
        ) : (
          <Alert tone="warning">
            {gift.status === 'redeemed'
              ? 'This gift has already been redeemed'
              : 'This gift was refunded and can no longer be redeemed'}
          </Alert>
        )}
      </Card>
    </div>
  );
}
