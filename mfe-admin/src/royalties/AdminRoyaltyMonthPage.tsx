import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminRoyaltyStatement } from '@catalyst/contracts';
import { payoutMethodText } from '@catalyst/contracts/royalties-terms';
import {
  Alert,
  api as defaultApi,
  Button,
  Dialog,
  Spinner,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import { ConfirmDialog } from '../common/ConfirmDialog';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName, sharePercent } from './royaltyFormat';
import { StatementView } from './StatementView';
import { PayoutDetailsForm, refusalOr } from './PayoutDetailsForm';

/** The payout details of one creator, in a dialog (the reference is sealed by billing; shown here to the admin). */
function PayoutDialog({
  statement,
  client,
  onClose,
  onSaved,
}: {
  statement: AdminRoyaltyStatement;
  client: ApiClient;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const params = { creatorId: statement.creatorId };
  const current = useApiData(client.adminRoyalty.payoutAccount, statement.payoutAccount ? { params } : null);
  return (
    <Dialog open onClose={onClose} title={`Payout details: ${statement.creatorName}`}>
      {statement.payoutAccount && !current.data && !current.error ? (
        <Spinner message="Loading the payout details..." />
      ) : (
        <PayoutDetailsForm
          current={current.data}
          save={(body) => client.adminRoyalty.savePayoutAccount({ params, body })}
          onSaved={() => onSaved(`Payout details saved for ${statement.creatorName}.`)}
        />
      )}
    </Dialog>
  );
}

/** /admin/royalties/:month: the month's pool and every creator's statement; close the month; pay statements. */
export function AdminRoyaltyMonthPage({ client = defaultApi }: { client?: ApiClient }) {
  const { month = '' } = useParams();
  useDocumentTitle(`Royalties: ${monthName(month)}`);
  const detail = useApiData(client.adminRoyalty.month, { params: { month } });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [payoutFor, setPayoutFor] = useState<AdminRoyaltyStatement | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function act(key: string, run: () => Promise<unknown>, done: string, failed: string) {
    setBusy(key);
    setNotice(null);
    try {
      await run();
      setNotice({ tone: 'success', text: done });
      detail.reload();
    } catch (error) {
      setNotice({ tone: 'danger', text: refusalOr(failed)(error) });
    }
    setBusy(null);
  }

  const closeMonth = () =>
    act(
      'close',
      async () => {
        await client.adminRoyalty.close({ params: { month } });
        setConfirming(false);
      },
      `${monthName(month)} is closed: its figures will not change.`,
      'The month could not be closed. Please try again.',
    );

  const markPaid = (s: AdminRoyaltyStatement) =>
    act(
      s.creatorId,
      () => client.adminRoyalty.markPaid({ params: { id: s.id! }, body: {} }),
      `${s.creatorName}'s statement is marked paid.`,
      'The statement could not be marked paid. Please try again.',
    );

  const data = detail.data;
  const columns: ReadonlyArray<AdminColumn<AdminRoyaltyStatement>> = [
    { label: 'Creator', cell: (s) => s.creatorName },
    { label: 'Paid minutes', cell: (s) => minutesText(s.paidMinutes) },
    { label: 'Share', cell: (s) => (s.qualifies ? sharePercent(s.share) : 'Under the minimum') },
    { label: 'Amount', cell: (s) => money(s.amount) },
    {
      label: 'Payout details',
      cell: (s) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setPayoutFor(s)}
          aria-label={`Payout details of ${s.creatorName}`}
        >
          {s.payoutAccount
            ? `${payoutMethodText[s.payoutAccount.method]} ${s.payoutAccount.referenceHint}`
            : 'Add'}
        </Button>
      ),
    },
    {
      label: 'Actions',
      cell: (s) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Statement of ${s.creatorName}`}
            onClick={() => setOpened(opened === s.creatorId ? null : s.creatorId)}
          >
            Statement
          </Button>
          {s.paidAt ? (
            'Paid'
          ) : data?.status === 'closed' && s.amount > 0 ? (
            <Button
              size="sm"
              variant="secondary"
              loading={busy === s.creatorId}
              aria-label={`Mark ${s.creatorName}'s statement paid`}
              onClick={() => void markPaid(s)}
            >
              Mark paid
            </Button>
          ) : null}
        </>
      ),
    },
  ];
  const openedStatement = data?.statements.find((s) => s.creatorId === opened);

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Royalties: {monthName(month)}</h1>
          <p className={styles.subtitle}>
            <Link to="/admin/royalties">All months</Link>
          </p>
        </div>
        {data?.status === 'open' ? (
          <div className={styles.actions}>
            <Button onClick={() => setConfirming(true)}>Close month</Button>
          </div>
        ) : null}
      </header>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {detail.error ? (
        <Alert tone="danger">{detail.error.message}</Alert>
      ) : !data ? (
        <Spinner message="Loading the month..." />
      ) : (
        <>
          <dl className={styles.stats} data-testid="royalty-month-totals">
            <div>
              <dt className={styles.statLabel}>{data.status === 'open' ? 'Open (estimate)' : 'Closed'}</dt>
              <dd className={styles.statValue}>{monthName(month)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>Net revenue</dt>
              <dd className={styles.statValue}>{money(data.revenue)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>Pool ({data.poolSharePercent}%)</dt>
              <dd className={styles.statValue}>{money(data.pool)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>Statements total</dt>
              <dd className={styles.statValue}>{money(data.allocated)}</dd>
            </div>
          </dl>
          {data.statements.length > 0 ? (
            <AdminTable
              columns={columns}
              rows={data.statements}
              rowKey={(s) => s.creatorId}
              rowTestId="royalty-statement"
            />
          ) : (
            <p className={styles.empty}>No paid minutes this month.</p>
          )}
          {openedStatement ? (
            <StatementView
              statement={openedStatement}
              client={client}
              creatorId={openedStatement.creatorId}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Close month"
        message={`Close ${monthName(month)}? Its pool and statements are stored as they are now and never change.`}
        confirmLabel="Close month"
        busy={busy === 'close'}
        onConfirm={() => void closeMonth()}
        onCancel={() => setConfirming(false)}
      />
      {payoutFor ? (
        <PayoutDialog
          statement={payoutFor}
          client={client}
          onClose={() => setPayoutFor(null)}
          onSaved={(text) => {
            setPayoutFor(null);
            setNotice({ tone: 'success', text });
            detail.reload();
          }}
        />
      ) : null}
    </section>
  );
}
