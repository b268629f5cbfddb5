import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminRoyaltyStatement } from '@catalyst/contracts';
import { payoutMethodText } from '@catalyst/contracts/royalties-terms';
import {
  Alert,
  api as defaultApi,
  Button,
  Dialog,
  formatPercent,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import { ConfirmDialog } from '../common/ConfirmDialog';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName, sharePercent } from './royaltyFormat';
import { StatementView } from './StatementView';
import { PayoutDetailsForm, refusalOr } from './PayoutDetailsForm';
import { consoleStrings } from '../i18n/console/en';

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
  const t = useStrings(consoleStrings);
  const params = { creatorId: statement.creatorId };
  const current = useApiData(client.adminRoyalty.payoutAccount, statement.payoutAccount ? { params } : null);
  return (
    <Dialog open onClose={onClose} title={t('royalties.payout.title', { name: statement.creatorName })}>
      {statement.payoutAccount && !current.data && !current.error ? (
        <Spinner message={t('royalties.payout.loading')} />
      ) : (
        <PayoutDetailsForm
          current={current.data}
          save={(body) => client.adminRoyalty.savePayoutAccount({ params, body })}
          onSaved={() => onSaved(t('royalties.payout.saved', { name: statement.creatorName }))}
        />
      )}
    </Dialog>
  );
}

/** /admin/royalties/:month: the month's pool and every creator's statement; close the month; pay statements. */
export function AdminRoyaltyMonthPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  const { month = '' } = useParams();
  useDocumentTitle(t('royalties.monthTitle', { month: monthName(month) }));
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
      t('royalties.closed', { month: monthName(month) }),
      t('royalties.closeFailed'),
    );

  const markPaid = (s: AdminRoyaltyStatement) =>
    act(
      s.creatorId,
      () => client.adminRoyalty.markPaid({ params: { id: s.id! }, body: {} }),
      t('royalties.markedPaid', { name: s.creatorName }),
      t('royalties.markPaidFailed'),
    );

  const data = detail.data;
  const columns: ReadonlyArray<AdminColumn<AdminRoyaltyStatement>> = [
    { label: t('royalties.creator'), cell: (s) => s.creatorName },
    { label: t('royalties.paidMinutes'), cell: (s) => minutesText(s.paidMinutes, t) },
    {
      label: t('royalties.share'),
      cell: (s) => (s.qualifies ? sharePercent(s.share) : t('royalties.underMinimum')),
    },
    { label: t('royalties.amount'), cell: (s) => money(s.amount) },
    {
      label: t('royalties.payout.label'),
      cell: (s) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setPayoutFor(s)}
          aria-label={t('royalties.payout.of', { name: s.creatorName })}
        >
          {s.payoutAccount
            ? `${payoutMethodText[s.payoutAccount.method]} ${s.payoutAccount.referenceHint}`
            : t('royalties.payout.add')}
        </Button>
      ),
    },
    {
      label: t('royalties.actions'),
      cell: (s) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('royalties.statementOf', { name: s.creatorName })}
            onClick={() => setOpened(opened === s.creatorId ? null : s.creatorId)}
          >
            {t('royalties.statement')}
          </Button>
          {s.paidAt ? (
            t('royalties.status.paid')
          ) : data?.status === 'closed' && s.amount > 0 ? (
            <Button
              size="sm"
              variant="secondary"
              loading={busy === s.creatorId}
              aria-label={t('royalties.markPaidLabel', { name: s.creatorName })}
              onClick={() => void markPaid(s)}
            >
              {t('royalties.markPaid')}
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
          <h1 className={styles.title}>{t('royalties.monthTitle', { month: monthName(month) })}</h1>
          <p className={styles.subtitle}>
            <Link to="/admin/royalties">{t('royalties.allMonths')}</Link>
          </p>
        </div>
        {data?.status === 'open' ? (
          <div className={styles.actions}>
            <Button onClick={() => setConfirming(true)}>{t('royalties.closeMonth')}</Button>
          </div>
        ) : null}
      </header>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {detail.error ? (
        <Alert tone="danger">{detail.error.message}</Alert>
      ) : !data ? (
        <Spinner message={t('royalties.monthLoading')} />
      ) : (
        <>
          <dl className={styles.stats} data-testid="royalty-month-totals">
            <div>
              <dt className={styles.statLabel}>
                {t(data.status === 'open' ? 'royalties.status.open' : 'royalties.status.closed')}
              </dt>
              <dd className={styles.statValue}>{monthName(month)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>{t('royalties.netRevenue')}</dt>
              <dd className={styles.statValue}>{money(data.revenue)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>
                {t('royalties.poolOf', { percent: formatPercent(data.poolSharePercent) })}
              </dt>
              <dd className={styles.statValue}>{money(data.pool)}</dd>
            </div>
            <div>
              <dt className={styles.statLabel}>{t('royalties.statementsTotal')}</dt>
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
            <p className={styles.empty}>{t('royalties.noMinutes')}</p>
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
        title={t('royalties.closeMonth')}
        message={t('royalties.closeQuestion', { month: monthName(month) })}
        confirmLabel={t('royalties.closeMonth')}
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
