import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { RoyaltyMonthSummary } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  isApiRequestError,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName } from './royaltyFormat';

const columns: ReadonlyArray<AdminColumn<RoyaltyMonthSummary>> = [
  {
    label: 'Month',
    cell: (m) => <Link to={`/admin/royalties/${m.month}`}>{monthName(m.month)}</Link>,
  },
  { label: 'Status', cell: (m) => (m.status === 'open' ? 'Open (estimate)' : 'Closed') },
  { label: 'Net revenue', cell: (m) => money(m.revenue) },
  { label: 'Pool', cell: (m) => `${money(m.pool)} (${m.poolSharePercent}%)` },
  { label: 'Allocated', cell: (m) => money(m.allocated) },
  { label: 'Qualifying creators', cell: (m) => m.qualifyingCreators },
  { label: 'Paid minutes', cell: (m) => minutesText(m.paidMinutes) },
  { label: 'Statements paid', cell: (m) => (m.status === 'closed' ? m.statementsPaid : '—') },
];

/** /admin/royalties: the pool's share of revenue, and each month's pool; a month opens its statements. */
export function AdminRoyaltiesPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('Royalties');
  const overview = useApiData(client.adminRoyalty.overview);
  const [percent, setPercent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const shown = percent ?? String(overview.data?.poolSharePercent ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      const saved = await client.adminRoyalty.settings({ body: { poolSharePercent: Number(shown) } });
      setNotice({ tone: 'success', text: `The pool is now ${saved.poolSharePercent}% of net revenue.` });
      setPercent(null);
      overview.reload();
    } catch (error) {
      setNotice({
        tone: 'danger',
        text:
          isApiRequestError(error) && error.status < 500
            ? (error.errors[0]?.message ?? error.message)
            : 'The setting could not be saved. Please try again.',
      });
    }
    setSaving(false);
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Royalties</h1>
          <p className={styles.subtitle}>
            Each month's pool is a share of net subscription revenue (after refunds and discounts, before
            tax), split between creators with at least {overview.data?.minPaidMinutes ?? 30} paid minutes by
            their paid minutes.
          </p>
        </div>
      </header>
      <form aria-label="Pool share" onSubmit={(e) => void save(e)} className={styles.toolbar}>
        <TextField
          label="Pool share (% of net revenue)"
          inputMode="numeric"
          value={shown}
          onChange={(e) => setPercent(e.target.value)}
          hint="Open months use it; closed months keep theirs."
        />
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </form>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {overview.error ? (
        <Alert tone="danger">The royalty months could not be loaded.</Alert>
      ) : !overview.data ? (
        <Spinner message="Loading royalty months..." />
      ) : (
        <AdminTable
          columns={columns}
          rows={overview.data.months}
          rowKey={(m) => m.month}
          rowTestId="royalty-month"
        />
      )}
    </section>
  );
}
