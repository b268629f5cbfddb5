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
  type SubscriptionState,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { planName } from '../subscription/failureMessages';
import { PlanSwitch } from '../subscription/PlanSwitch';
import {
  BILLING_PORTAL_FAILED_MESSAGE,
  canSwitchPlan,
  periodText,
  planLabel,
} from '../subscription/planStatus';
import styles from './ProfilePage.module.css';

export const INVOICES_FAILED_MESSAGE = 'Failed to load invoices.';

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Ended',
  free: 'No plan',
};
const INVOICE_STATUS_TEXT: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  uncollectible: 'Unpaid',
  void: 'Void',
};

/**
 * The profile's plan section: status, renewal or end date, Manage billing, switching monthly ↔ annual, and the
 * invoices with their receipts.
 */
export function PlanSection({
  store = subscription,
  client = defaultApi,
}: {
  store?: SubscriptionStore;
  client?: ApiClient;
}) {
  const state = useSubscription(store);
  const isAdminPlan = state.plan === 'admin';
  const invoices = useApiData(
    client.subscription.invoices,
    isAdminPlan || state.isLoading ? null : undefined,
  );
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = Array.isArray(invoices.data) ? invoices.data : [];

  async function manageBilling() {
    setOpening(true);
    setError(null);
    try {
      await state.openBillingPortal();
      return; // leaving for the provider's portal
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500 && err.message
          ? err.message
          : BILLING_PORTAL_FAILED_MESSAGE,
      );
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
        <PlanDetails
          plan={state}
          store={store}
          invoices={{
            list,
            isLoading: invoices.isLoading,
            failed: invoices.error !== null,
            onRetry: invoices.reload,
          }}
          error={error}
          opening={opening}
          onManageBilling={() => void manageBilling()}
        />
      )}
    </Card>
  );
}

interface InvoicesState {
  list: Invoice[];
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The plan's facts, Manage billing and the way to the plans page, the monthly ↔ annual switch (the plans page's
 * own), and the invoices (none for an admin).
 */
function PlanDetails({
  plan,
  store,
  invoices,
  error,
  opening,
  onManageBilling,
}: {
  plan: Omit<SubscriptionState, 'isLoading'>;
  /** The plan's store: with it, the monthly ↔ annual switch (not in the loading shape). */
  store?: SubscriptionStore;
  invoices: InvoicesState;
  error: string | null;
  opening: boolean;
  onManageBilling: () => void;
}) {
  const isAdminPlan = plan.plan === 'admin';
  const period = periodText(plan);
  // A billing account exists once anything was ever billed (or a plan is on): only then is there a portal to open.
  // (A gift is no plan billed: without invoices there is no billing account.)
  const hasBilling = !isAdminPlan && ((plan.hasSubscription && !plan.gift) || invoices.list.length > 0);
  return (
    <>
      <dl className={styles.facts}>
        <dt>Plan</dt>
        <dd>
          {plan.hasSubscription
            ? isAdminPlan
              ? planName(plan.plan)
              : planLabel(plan.interval, plan.gift)
            : 'Free'}
        </dd>
        <dt>Status</dt>
        <dd>
          {isAdminPlan
            ? 'Full access (admin)'
            : plan.gift && plan.hasSubscription
              ? 'Gift'
              : period?.ending && plan.hasSubscription
                ? 'Cancelled, access until the end date'
                : (STATUS_TEXT[plan.status] ?? plan.status)}
        </dd>
        {plan.trialEnd && plan.hasSubscription ? (
          <>
            <dt>Free trial ends</dt>
            <dd>{formatDate(plan.trialEnd, 'long')}</dd>
          </>
        ) : null}
        {period && plan.hasSubscription ? (
          <>
            <dt>
              {period.ending ? 'Ends' : plan.gift ? 'Gift ends' : plan.trialEnd ? 'First charge' : 'Renews'}
            </dt>
            <dd className={period.ending ? styles.danger : undefined}>
              {formatDate(plan.currentPeriodEnd, 'long')}
            </dd>
          </>
        ) : null}
      </dl>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className={styles.row}>
        {hasBilling ? (
          <Button variant="secondary" loading={opening} onClick={onManageBilling}>
            Manage billing
          </Button>
        ) : null}
        {!isAdminPlan ? (
          <Link to="/subscription" className={buttonClassName(plan.hasSubscription ? 'ghost' : 'primary')}>
            {plan.hasSubscription ? 'Subscription details' : 'See Premium'}
          </Link>
        ) : null}
      </div>
      {/* Above the invoices, which load after the plan: their list never moves it. */}
      {store && canSwitchPlan(plan) ? <PlanSwitch store={store} headingLevel={3} /> : null}
      {!isAdminPlan ? (
        <InvoiceList
          invoices={invoices.list}
          isLoading={invoices.isLoading}
          failed={invoices.failed}
          onRetry={invoices.onRetry}
        />
      ) : null}
    </>
  );
}

/**
 * The room the section takes once the plan answers, kept while it loads: a free account's (the shortest shape),
 * so Change Password below does not move down under the reader when it comes (a plan adds a row and invoices).
 */
const FREE_PLAN_SHAPE = (
  <PlanDetails
    // (not contracts' FREE_STATUS: a value from contracts brings zod into this reading page)
    plan={{
      hasSubscription: false,
      plan: null,
      status: 'free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      gift: false,
      interval: null,
      trialEnd: null,
      scheduledInterval: null,
    }}
    invoices={{ list: [], isLoading: false, failed: false, onRetry: () => undefined }}
    error={null}
    opening={false}
    onManageBilling={() => undefined}
  />
);

function InvoiceList({
  invoices,
  isLoading,
  failed,
  onRetry,
}: {
  invoices: Invoice[];
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
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
                  <span className="ck-visually-hidden">
                    {' '}
                    of {formatDate(invoice.date, 'long')} (opens in a new tab)
                  </span>
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
