import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { RoyaltyMonthSummary } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  formatCount,
  formatPercent,
  isApiRequestError,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName } from './royaltyFormat';
import { consoleStrings, type ConsoleT } from '../i18n/console/en';

const columnsOf = (t: ConsoleT): ReadonlyArray<AdminColumn<RoyaltyMonthSummary>> => [
  {
    label: t('royalties.month'),
    cell: (m) => <Link to={`/admin/royalties/${m.month}`}>{monthName(m.month)}</Link>,
  },
  {
    label: t('royalties.status'),
    cell: (m) => t(m.status === 'open' ? 'royalties.status.open' : 'royalties.status.closed'),
  },
  { label: t('royalties.netRevenue'), cell: (m) => money(m.revenue) },
  {
    label: t('royalties.pool'),
    cell: (m) =>
      t('royalties.poolShare', { pool: money(m.pool), percent: formatPercent(m.poolSharePercent) }),
  },
  { label: t('royalties.allocated'), cell: (m) => money(m.allocated) },
  { label: t('royalties.qualifying'), cell: (m) => formatCount(m.qualifyingCreators) },
  { label: t('royalties.paidMinutes'), cell: (m) => minutesText(m.paidMinutes, t) },
  {
    label: t('royalties.statementsPaid'),
    cell: (m) => (m.status === 'closed' ? formatCount(m.statementsPaid) : '—'),
  },
];

/** /admin/royalties: the pool's share of revenue, and each month's pool; a month opens its statements. */
export function AdminRoyaltiesPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('royalties.title'));
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
      setNotice({
        tone: 'success',
        text: t('royalties.saved', { percent: formatPercent(saved.poolSharePercent) }),
      });
      setPercent(null);
      overview.reload();
    } catch (error) {
      setNotice({
        tone: 'danger',
        text:
          isApiRequestError(error) && error.status < 500
            ? (error.errors[0]?.message ?? error.message)
            : t('royalties.saveFailed'),
      });
    }
    setSaving(false);
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('royalties.title')}</h1>
          <p className={styles.subtitle}>
            {t('royalties.subtitle', { minutes: formatCount(overview.data?.minPaidMinutes ?? 30) })}
          </p>
        </div>
      </header>
      <form
        aria-label={t('royalties.poolShareLabel')}
        onSubmit={(e) => void save(e)}
        className={styles.toolbar}
      >
        <TextField
          label={t('royalties.poolShareField')}
          inputMode="numeric"
          value={shown}
          onChange={(e) => setPercent(e.target.value)}
          hint={t('royalties.poolShareHint')}
        />
        <Button type="submit" loading={saving}>
          {t('royalties.save')}
        </Button>
      </form>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {overview.error ? (
        <Alert tone="danger">{t('royalties.loadFailed')}</Alert>
      ) : !overview.data ? (
        <Spinner message={t('royalties.loading')} />
      ) : (
        <AdminTable
          columns={columnsOf(t)}
          rows={overview.data.months}
          rowKey={(m) => m.month}
          rowTestId="royalty-month"
        />
      )}
    </section>
  );
}
