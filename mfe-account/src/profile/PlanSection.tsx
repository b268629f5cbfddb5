import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Invoice } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  buttonClassName,
  Card,
  formatDate,
  formatPrice,
  isApiRequestError,
  KeptRoom,
  Spinner,
  subscription,
  useApiData,
  useSubscription,
  type ApiClient,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { planName } from '../subscription/failureMessages';
import { BILLING_PORTAL_FAILED_MESSAGE, periodText } from '../subscription/planStatus';
import styles from './ProfilePage.module.css';

export const INVOICES_FAILED_MESSAGE = 'Failed to load invoices.';

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Ended',
  free: 'No plan',
};
const INVOICE_STATUS_TEXT: Record<Invoice['status'], string> = { paid: 'Paid', open: 'Due', draft: 'Draft', uncollectible: 'Unpaid', void: 'Void' };

/** The profile's plan section: status, renewal or end date, Manage billing, and the invoices with their receipts. */
export function PlanSection({ store = subscription, client = defaultApi }: { store?: SubscriptionStore; client?: ApiClient }) {
  const state = useSubscription(store);
  const isAdminPlan = state.plan === 'admin';
  const invoices = useApiData(client.subscription.invoices, isAdminPlan || state.isLoading ? null : undefined);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const period = periodText(state);
  const list = Array.isArray(invoices.data) ? invoices.data : [];
  // A billing account exists once anything was ever billed (or a plan is on): only then is there a portal to open.
  const hasBilling = !isAdminPlan && (state.hasSubscription || list.length > 0);

  async function manageBilling() {
    setOpening(true);
    setError(null);
    try {
      await state.openBillingPortal();
      return; // leaving for the provider's portal
    } catch (err) {
      setError(isApiRequestError(err) && err.status < 500 && err.message ? err.message : BILLING_PORTAL_FAILED_MESSAGE);
    }
    setOpening(false);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="plan-title">
      <h2 id="plan-title" className={styles.heading}>
        Subscription
      </h2>
      {state.isLoading ? (
        <KeptRoom shape={FREE_PLAN_SHAPE} className={styles.card}>
          <Spinner message="Loading your subscription..." />
        </KeptRoom>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>Plan</dt>
            <dd>{state.hasSubscription ? planName(state.plan) : 'Free'}</dd>
            <dt>Status</dt>
            <dd>{isAdminPlan ? 'Full access (admin)' : period?.ending && state.hasSubscription ? 'Cancelled, access until the end date' : (STATUS_TEXT[state.status] ?? state.status)}</dd>
            {period && state.hasSubscription ? (
              <>
                <dt>{period.ending ? 'Ends' : 'Renews'}</dt>
                <dd className={period.ending ? styles.danger : undefined}>{formatDate(state.currentPeriodEnd, 'long')}</dd>
              </>
            ) : null}
          </dl>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className={styles.row}>
            {hasBilling ? (
              <Button variant="secondary" loading={opening} onClick={() => void manageBilling()}>
                Manage billing
              </Button>
            ) : null}
            {!isAdminPlan ? (
              <Link to="/subscription" className={buttonClassName(state.hasSubscription ? 'ghost' : 'primary')}>
                {state.hasSubscription ? 'Subscription details' : 'See Premium'}
              </Link>
            ) : null}
          </div>
          {!isAdminPlan ? <InvoiceList invoices={list} isLoading={invoices.isLoading} failed={invoices.error !== null} onRetry={invoices.reload} /> : null}
        </>
      )}
    </Card>
  );
}

/**
 * The room the section takes once the plan answers, kept while it loads: a free account's (the shortest shape),
 * so Change Password below does not move down under the reader when it comes (a plan adds a row and invoices).
 */
const FREE_PLAN_SHAPE = (
  <>
    <dl className={styles.facts}>
      <dt>Plan</dt>
      <dd>Free</dd>
      <dt>Status</dt>
      <dd>{STATUS_TEXT.free}</dd>
    </dl>
    <div className={styles.row}>
      <span className={buttonClassName('primary')}>See Premium</span>
    </div>
    <InvoiceList invoices={[]} isLoading={false} failed={false} onRetry={() => undefined} />
  </>
);

function InvoiceList({ invoices, isLoading, failed, onRetry }: { invoices: Invoice[]; isLoading: boolean; failed: boolean; onRetry: () => void }) {
  return (
    <div className={styles.invoices}>
      <h3 id="invoices-title" className={styles.subheading}>
        Invoices
      </h3>
      {isLoading ? (
        <Spinner message="Loading invoices..." />
      ) : failed ? (
        <Alert tone="warning">
          {INVOICES_FAILED_MESSAGE}{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            Try Again
          </button>
        </Alert>
      ) : invoices.length === 0 ? (
        <p className={styles.note}>No invoices yet.</p>
      ) : (
        <ul className={styles.invoiceList} aria-labelledby="invoices-title">
          {invoices.map((invoice) => (
            <li key={invoice.id} className={styles.invoice}>
              <span>{formatDate(invoice.date, 'long')}</span>
              <span className={styles.amount}>{formatPrice(invoice.amount)}</span>
              <span>{INVOICE_STATUS_TEXT[invoice.status]}</span>
              {invoice.receiptUrl ? (
                <a href={invoice.receiptUrl} target="_blank" rel="noopener noreferrer">
                  {invoice.status === 'paid' ? 'Receipt' : 'Invoice'}
                  <span className="ck-visually-hidden"> of {formatDate(invoice.date, 'long')} (opens in a new tab)</span>
                </a>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
