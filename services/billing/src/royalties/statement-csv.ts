import type { RoyaltyStatement } from '@catalyst/contracts';
import { csvField } from '../team-learning/learning-csv';

const HEADER = ['Month', 'Creator', 'Item', 'Paid minutes', 'Share', 'Amount', 'Currency'];

/** A statement as a CSV file (RFC 4180, CRLF): one row per item, then the statement's total. */
export function statementCsv(statement: RoyaltyStatement): string {
  const currency = statement.currency.toUpperCase();
  const money = (amount: number) => amount.toFixed(2);
  const rows = statement.items.map((item) => [
    statement.month,
    statement.creatorName,
    item.title,
    item.paidMinutes.toFixed(1),
    '',
    money(item.amount),
    currency,
  ]);
  rows.push([
    statement.month,
    statement.creatorName,
    'Total',
    statement.paidMinutes.toFixed(1),
    `${(statement.share * 100).toFixed(4)}%`,
    money(statement.amount),
    currency,
  ]);
  return [HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
