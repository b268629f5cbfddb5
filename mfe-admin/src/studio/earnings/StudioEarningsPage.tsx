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
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../../common/AdminListView';
import styles from '../../common/Admin.module.css';
import { StatementView } from '../../royalties/StatementView';
import { PayoutDetailsForm } from '../../royalties/PayoutDetailsForm';
import { minutesText, money, monthName, monthStatusText } from '../../royalties/royaltyFormat';
import { StudioNav } from '../StudioNav';

/** Where the creator's royalties go: their own payout details (none yet: a 404, an empty form). */
function OwnPayoutDetails({ client }: { client: ApiClient }) {
  const current = useApiData(client.earnings.ownPayoutAccount);
  const [saved, setSaved] = useState(false);
  const none = isApiRequestError(current.error) && current.error.status === 404;
  return (
    <section aria-labelledby="payout-details" data-testid="own-payout-details">
      <h2 id="payout-details">Where your royalties are paid</h2>
      {current.error && !none ? (
        <Alert tone="danger">{current.error.message}</Alert>
      ) : !current.data && !none ? (
        <Spinner message="Loading your payout details..." />
      ) : (
        <PayoutDetailsForm
          current={current.data}
          save={(body) => client.earnings.saveOwnPayoutAccount({ body })}
          onSaved={() => setSaved(true)}
        />
      )}
      {saved ? <Alert tone="success">Your payout details are saved.</Alert> : null}
    </section>
  );
}

/** /studio/earnings: the creator's months from the royalty pool, and the chosen month's statement (?month=). */
export function StudioEarningsPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('Earnings');
  const [search, setSearch] = useSearchParams();
  const earnings = useApiData(client.earnings.list);
  const chosen = search.get('month') ?? earnings.data?.months[0]?.month ?? null;
  const statement = useApiData(client.earnings.statement, chosen ? { params: { month: chosen } } : null);

  const columns: ReadonlyArray<AdminColumn<EarningsMonth>> = [
    { label: 'Month', cell: (m) => monthName(m.month) },
    { label: 'Status', cell: (m) => monthStatusText(m.status, m.paidAt) },
    { label: 'Paid minutes', cell: (m) => minutesText(m.paidMinutes) },
    { label: 'Amount', cell: (m) => money(m.amount) },
    {
      label: 'Statement',
      cell: (m) => (
        <Button
          size="sm"
          variant={m.month === chosen ? 'primary' : 'ghost'}
          aria-label={`Statement for ${monthName(m.month)}`}
          aria-pressed={m.month === chosen}
          onClick={() => setSearch({ month: m.month })}
        >
          View
        </Button>
      ),
    },
  ];

  let body;
  // An admin linked to no creator reads every creator's statements in the admin's royalty months.
  if (isApiRequestError(earnings.error) && earnings.error.status === 400)
    body = (
      <Alert tone="info">
        Earnings are kept per creator: see every creator's statements in{' '}
        <Link to="/admin/royalties">Royalties</Link>.
      </Alert>
    );
  else if (earnings.error) body = <Alert tone="danger">{earnings.error.message}</Alert>;
  else if (!earnings.data) body = <Spinner message="Loading your earnings..." />;
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
          <h1 className={styles.title}>Earnings</h1>
          <p className={styles.subtitle}>
            Each month a share of subscription revenue is split between creators by paid minutes watched.
          </p>
        </div>
      </header>
      <StudioNav />
      {body}
    </section>
  );
}
