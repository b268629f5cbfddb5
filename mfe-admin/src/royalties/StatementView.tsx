import { useState } from 'react';
import type { RoyaltyStatement } from '@catalyst/contracts';
import { ROYALTY_MIN_PAID_MINUTES } from '@catalyst/contracts/royalties-terms';
import {
  Alert,
  Button,
  downloadFile,
  formatCount,
  formatPercent,
  readBytes,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { consoleStrings, type ConsoleT } from '../i18n/console/en';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName, monthStatusText, sharePercent } from './royaltyFormat';

type Item = RoyaltyStatement['items'][number];
const itemColumns = (t: ConsoleT): ReadonlyArray<AdminColumn<Item>> => [
  { label: t('royalties.statement.item'), cell: (i) => i.title },
  { label: t('royalties.paidMinutes'), cell: (i) => minutesText(i.paidMinutes, t) },
  { label: t('royalties.amount'), cell: (i) => money(i.amount) },
];

/** One creator's month: paid minutes, share of the pool, amount, each item's part, and its CSV file. */
export function StatementView({
  statement,
  client,
  creatorId,
}: {
  statement: RoyaltyStatement;
  client: ApiClient;
  /** The creator an admin reads the statement of (a creator's own is implied). */
  creatorId?: string;
}) {
  const t = useStrings(consoleStrings);
  const [problem, setProblem] = useState('');
  const { month } = statement;
  async function downloadCsv() {
    setProblem('');
    try {
      const url = client.earnings.statementCsv.url({
        params: { month },
        query: creatorId ? { creatorId } : {},
      });
      downloadFile(await readBytes(url), 'text/csv', `earnings-${month}.csv`);
    } catch {
      setProblem(t('royalties.statement.csvFailed'));
    }
  }
  return (
    <section
      aria-label={t('royalties.statement.title', { month: monthName(month) })}
      data-testid="earnings-statement"
    >
      <h2>{t('royalties.statement.title', { month: monthName(month) })}</h2>
      <p className={styles.subtitle}>
        {monthStatusText(statement.status, t, statement.paidAt)} ·{' '}
        {t('royalties.statement.pool', {
          pool: money(statement.pool),
          percent: formatPercent(statement.poolSharePercent),
        })}
      </p>
      <dl className={styles.stats}>
        <div>
          <dt className={styles.statLabel}>{t('royalties.paidMinutes')}</dt>
          <dd className={styles.statValue}>{minutesText(statement.paidMinutes, t)}</dd>
        </div>
        <div>
          <dt className={styles.statLabel}>{t('royalties.statement.share')}</dt>
          <dd className={styles.statValue}>{sharePercent(statement.share)}</dd>
        </div>
        <div>
          <dt className={styles.statLabel}>{t('royalties.amount')}</dt>
          <dd className={styles.statValue}>{money(statement.amount)}</dd>
        </div>
      </dl>
      {statement.qualifies ? null : (
        <Alert tone="info">
          {t('royalties.statement.minimum', { minutes: formatCount(ROYALTY_MIN_PAID_MINUTES) })}
        </Alert>
      )}
      {statement.items.length > 0 ? (
        <AdminTable
          columns={itemColumns(t)}
          rows={statement.items}
          rowKey={(i) => i.productId}
          rowTestId="statement-item"
        />
      ) : (
        <p className={styles.empty}>{t('royalties.noMinutes')}</p>
      )}
      <Button variant="secondary" onClick={() => void downloadCsv()}>
        {t('royalties.statement.csv')}
      </Button>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </section>
  );
}
