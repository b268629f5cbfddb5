import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { EarningsMonth } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  isApiRequestError,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { StatementView } from '../../royalties/StatementView';
import { PayoutDetailsForm } from '../../royalties/PayoutDetailsForm';
import { minutesText, money, monthName, monthStatusText } from '../../royalties/royaltyFormat';
import { StudioNav } from '../StudioNav';
import { consoleStrings } from '../../i18n/console/en';

/** Where the creator's royalties go: their own payout details (none yet: a 404, an empty form). */
function OwnPayoutDetails({ client }: { client: ApiClient }) {
  const t = useStrings(consoleStrings);
  const current = useApiData(client.earnings.ownPayoutAccount);
  const [saved, setSaved] = useState(false);
  const none = isApiRequestError(current.error) && current.error.status === 404;
  return (
    <section aria-labelledby="payout-details" data-testid="own-payout-details">
      <h2 id="payout-details">{t('studio.earnings.payoutTitle')}</h2>
      {current.error && !none ? (
        <Alert tone="danger">{current.error.message}</Alert>
      ) : !current.data && !none ? (
        <Spinner message={t('studio.earnings.payoutLoading')} />
      ) : (
        <PayoutDetailsForm
          current={current.data}
          save={(body) => client.earnings.saveOwnPayoutAccount({ body })}
          onSaved={() => setSaved(true)}
        />
      )}
      {saved ? <Alert tone="success">{t('studio.earnings.payoutSaved')}</Alert> : null}
    </section>
  );
}

/** /studio/earnings: the creator's months from the royalty pool, and the chosen month's statement (?month=). */
export function StudioEarningsPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.earnings.title'));
  const [search, setSearch] = useSearchParams();
  const earnings = useApiData(client.earnings.list);
  const chosen = search.get('month') ?? earnings.data?.months[0]?.month ?? null;
  const statement = useApiData(client.earnings.statement, chosen ? { params: { month: chosen } } : null);

  const columns: ReadonlyArray<AdminColumn<EarningsMonth>> = [
    { label: t('royalties.month'), cell: (m) => monthName(m.month) },
    { label: t('royalties.status'), cell: (m) => monthStatusText(m.status, t, m.paidAt) },
    { label: t('royalties.paidMinutes'), cell: (m) => minutesText(m.paidMinutes, t) },
    { label: t('royalties.amount'), cell: (m) => money(m.amount) },
    {
      label: t('royalties.statement'),
      cell: (m) => (
        <Button
          size="sm"
          variant={m.month === chosen ? 'primary' : 'ghost'}
          aria-label={t('royalties.statement.title', { month: monthName(m.month) })}
          aria-pressed={m.month === chosen}
          onClick={() => setSearch({ month: m.month })}
        >
          {t('studio.earnings.view')}
        </Button>
      ),
    },
  ];

  let body;
  // An admin linked to no creator reads every creator's statements in the admin's royalty months.
  if (isApiRequestError(earnings.error) && earnings.error.status === 400)
    body = (
      <Alert tone="info">
        {t('studio.earnings.perCreator')} <Link to="/admin/royalties">{t('royalties.title')}</Link>
        {t('studio.earnings.perCreatorEnd')}
      </Alert>
    );
  else if (earnings.error) body = <Alert tone="danger">{earnings.error.message}</Alert>;
  else if (!earnings.data) body = <Spinner message={t('studio.earnings.loading')} />;
  else
    body = (
      <>
        <AdminTable
          columns={columns}
          rows={earnings.data.months}
          rowKey={(m) => m.month}
          rowTestId="earnings-month"
        />
        {statement.error ? <Alert tone="danger">{statement.error.message}</Alert> : null}
        {statement.data ? <StatementView statement={statement.data} client={client} /> : null}
        <OwnPayoutDetails client={client} />
      </>
    );

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.earnings.title')}</h1>
          <p className={styles.subtitle}>{t('studio.earnings.subtitle')}</p>
        </div>
      </header>
      <StudioNav />
      {body}
    </section>
  );
}
