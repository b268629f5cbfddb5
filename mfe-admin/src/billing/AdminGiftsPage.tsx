import { useState } from 'react';
import type { AdminGift } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  ErrorScreen,
  formatDate,
  isApiRequestError,
  Spinner,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';

const STATUS: Record<AdminGift['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  redeemed: 'Redeemed',
  refunded: 'Refunded',
};

/** /admin/gifts: every gift, newest first; a paid gift not yet redeemed can be refunded. */
export function AdminGiftsPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('Gifts');
  const { data, error, reload } = useApiData(client.adminBilling.gifts, undefined);
  const [changed, setChanged] = useState<Record<string, AdminGift>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function refund(gift: AdminGift) {
    setBusy(gift.id);
    setNotice(null);
    try {
      const refunded = await client.adminBilling.refundGift({ params: { id: gift.id } });
      setChanged((all) => ({ ...all, [gift.id]: refunded }));
      setNotice({ tone: 'success', text: `The gift for ${gift.recipientName} was refunded.` });
    } catch (err) {
      setNotice({
        tone: 'danger',
        text:
          isApiRequestError(err) && err.status < 500 ? err.message : 'The refund failed. Please try again.',
      });
    }
    setBusy(null);
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Gifts</h1>
      </header>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {error ? (
        <ErrorScreen
          message={`Failed to load gifts: ${error.message}`}
          onRetry={reload}
          retryLabel="Try Again"
        />
      ) : !data ? (
        <Spinner message="Loading gifts..." />
      ) : data.length === 0 ? (
        <p>No gifts yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Bought</th>
              <th scope="col">Buyer</th>
              <th scope="col">Recipient</th>
              <th scope="col">Months</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((listed) => {
              const gift = changed[listed.id] ?? listed;
              return (
                <tr key={gift.id}>
                  <td>{formatDate(gift.createdAt)}</td>
                  <td>{gift.buyerEmail ?? '—'}</td>
                  <td>{gift.recipientName}</td>
                  <td>{gift.months}</td>
                  <td>${gift.amount.toFixed(2)}</td>
                  <td>{STATUS[gift.status]}</td>
                  <td>
                    {gift.status === 'paid' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busy === gift.id}
                        onClick={() => void refund(gift)}
                        aria-label={`Refund the gift for ${gift.recipientName}`}
                      >
                        Refund
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
