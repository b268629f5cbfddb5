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
  useStrings,
  useSubscription,
  type ApiClient,
  type SubscriptionState,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings, type AccountText } from '../i18n/en';
import { planName } from '../subscription/failureMessages';
import { PlanSwitch } from '../subscription/PlanSwitch';
import { canSwitchPlan, periodText, planLabel } from '../subscription/planStatus';
import styles from './ProfilePage.module.css';

const statusText = (t: AccountText, status: string): string => {
  const keys: Record<string, Parameters<AccountText>[0]> = {
    active: 'status.active',
    trialing: 'status.trialing',
    past_due: 'status.pastDue',
    canceled: 'status.canceled',
    free: 'status.free',
  };
  return keys[status] ? t(keys[status]) : status;
};
const INVOICE_STATUS_KEYS = {
  paid: 'invoice.paid',
  open: 'invoice.open',
  draft: 'invoice.draft',
  uncollectible: 'invoice.uncollectible',
  void: 'invoice.void',
} as const satisfies Record<Invoice['status'], string>;

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
  const t = useStrings(accountStrings);
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
        isApiRequestError(err) && err.status < 500 && err.message ? err.message : t('plan.portalFailed'),
      );
    }
    setOpening(false);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="plan-title">
      <h2 id="plan-title" className={styles.heading}>
        {t('planSection.title')}
      </h2>
      {state.isLoading ? (
        <KeptRoom shape={FREE_PLAN_SHAPE} className={styles.card}>
          <Spinner message={t('plans.loading')} />
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
  const t = useStrings(accountStrings);
  const isAdminPlan = plan.plan === 'admin';
  const period = periodText(t, plan);
  // A billing account exists once anything was ever billed (or a plan is on): only then is there a portal to open.
  // (A gift is no plan billed: without invoices there is no billing account.)
  const hasBilling = !isAdminPlan && ((plan.hasSubscription && !plan.gift) || invoices.list.length > 0);
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('details.plan')}</dt>
        <dd>
          {plan.hasSubscription
            ? isAdminPlan
              ? planName(plan.plan)
              : planLabel(t, plan.interval, plan.gift)
            : t('planSection.free')}
        </dd>
        <dt>{t('planSection.status')}</dt>
        <dd>
          {isAdminPlan
            ? t('planSection.adminAccess')
            : plan.gift && plan.hasSubscription
              ? t('planSection.gift')
              : period?.ending && plan.hasSubscription
                ? t('planSection.cancelled')
                : statusText(t, plan.status)}
        </dd>
        {plan.trialEnd && plan.hasSubscription ? (
          <>
            <dt>{t('planSection.trialEnds')}</dt>
            <dd>{formatDate(plan.trialEnd, 'long')}</dd>
          </>
        ) : null}
        {period && plan.hasSubscription ? (
          <>
            <dt>
              {period.ending
                ? t('planSection.ends')
                : plan.gift
                  ? t('planSection.giftEnds')
                  : plan.trialEnd
                    ? t('planSection.firstCharge')
                    : t('planSection.renews')}
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
            {t('subscribed.manage')}
          </Button>
        ) : null}
        {!isAdminPlan ? (
          <Link to="/subscription" className={buttonClassName(plan.hasSubscription ? 'ghost' : 'primary')}>
            {plan.hasSubscription ? t('planSection.details') : t('planSection.seePremium')}
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
  const t = useStrings(accountStrings);
  return (
    <div className={styles.invoices}>
      <h3 id="invoices-title" className={styles.subheading}>
        {t('invoices.title')}
      </h3>
      {isLoading ? (
        <Spinner message={t('invoices.loading')} />
      ) : failed ? (
        <Alert tone="warning">
          {t('planSection.invoicesFailed')}{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {t('failed.tryAgain')}
          </button>
        </Alert>
      ) : invoices.length === 0 ? (
        <p className={styles.note}>{t('invoices.none')}</p>
      ) : (
        <ul className={styles.invoiceList} aria-labelledby="invoices-title">
          {invoices.map((invoice) => (
            <li key={invoice.id} className={styles.invoice}>
              <span>{formatDate(invoice.date, 'long')}</span>
              <span className={styles.amount}>{formatPrice(invoice.amount)}</span>
              <span>{t(INVOICE_STATUS_KEYS[invoice.status])}</span>
              {invoice.receiptUrl ? (
                <a href={invoice.receiptUrl} target="_blank" rel="noopener noreferrer">
                  {invoice.status === 'paid' ? t('invoices.receipt') : t('invoices.invoice')}
                  <span className="ck-visually-hidden">
                    {' '}
                    {t('invoices.ofDate', { date: formatDate(invoice.date, 'long') })}
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
