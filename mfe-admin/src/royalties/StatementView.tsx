import { useState } from 'react';
import type { RoyaltyStatement } from '@catalyst/contracts';
import { ROYALTY_MIN_PAID_MINUTES } from '@catalyst/contracts/royalties-terms';
import { Alert, Button, downloadFile, readBytes, type ApiClient } from '@catalyst/web-kit';
import { AdminTable, type AdminColumn } from '../common/AdminListView';
import styles from '../common/Admin.module.css';
import { minutesText, money, monthName, monthStatusText, sharePercent } from './royaltyFormat';

type Item = RoyaltyStatement['items'][number];
const itemColumns: ReadonlyArray<AdminColumn<Item>> = [
  { label: 'Item', cell: (i) => i.title },
  { label: 'Paid minutes', cell: (i) => minutesText(i.paidMinutes) },
  { label: 'Amount', cell: (i) => money(i.amount) },
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
      setProblem('The CSV file could not be made. Please try again.');
    }
  }
  return (
    <section aria-label={`Statement for ${monthName(month)}`} data-testid="earnings-statement">
      <h2>Statement for {monthName(month)}</h2>
      <p className={styles.subtitle}>
        {monthStatusText(statement.status, statement.paidAt)} · Pool {money(statement.pool)} (
        {statement.poolSharePercent}% of net subscription revenue)
      </p>
      <dl className={styles.stats}>
        <div>
          <dt className={styles.statLabel}>Paid minutes</dt>
          <dd className={styles.statValue}>{minutesText(statement.paidMinutes)}</dd>
        </div>
        <div>
          <dt className={styles.statLabel}>Share of the pool</dt>
          <dd className={styles.statValue}>{sharePercent(statement.share)}</dd>
        </div>
        <div>
          <dt className={styles.statLabel}>Amount</dt>
          <dd className={styles.statValue}>{money(statement.amount)}</dd>
        </div>
      </dl>
      {statement.qualifies ? null : (
        <Alert tone="info">
          A month needs at least {ROYALTY_MIN_PAID_MINUTES} paid minutes to share the pool.
        </Alert>
      )}
      {statement.items.length > 0 ? (
        <AdminTable
          columns={itemColumns}
          rows={statement.items}
          rowKey={(i) => i.productId}
          rowTestId="statement-item"
        />
      ) : (
        <p className={styles.empty}>No paid minutes this month.</p>
      )}
      <Button variant="secondary" onClick={() => void downloadCsv()}>
        Download CSV
      </Button>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </section>
  );
}
