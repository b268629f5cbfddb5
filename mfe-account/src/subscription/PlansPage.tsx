import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN } from '@catalyst/contracts/plan';
import {
  Alert,
  Button,
  buttonClassName,
  Card,
  formatDate,
  formatPrice,
  isApiRequestError,
  Spinner,
  subscription,
  useDocumentTitle,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { planName } from './failureMessages';
import { PlanChooser } from './PlanChooser';
import { PlanSwitch } from './PlanSwitch';
import { BILLING_PORTAL_FAILED_MESSAGE, canSwitchPlan, periodText, planLabel } from './planStatus';
import styles from './Subscription.module.css';

export const PREMIUM_MONTHLY_PRICE = PREMIUM_PLAN.price;
export { CHECKOUT_FAILED_MESSAGE } from './PlanChooser';

const messageOf = (error: unknown, fallback: string) =>
  isApiRequestError(error) && error.status < 500 && error.message ? error.message : fallback;

/** The plans page: Premium and its checkout, or, when subscribed, the plan and its management. */
export function PlansPage({ store = subscription }: { store?: SubscriptionStore }) {
  useDocumentTitle('Subscription');
  const state = useSubscription(store);
  if (state.isLoading) return <Spinner message="Loading your subscription..." />;
  return state.hasSubscription ? <SubscribedView store={store} /> : <PlanChooser store={store} />;
}

function SubscribedView({ store }: { store: SubscriptionStore }) {
  const state = useSubscription(store);
  const {
    plan,
    status,
    interval,
    trialEnd,
    gift,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    cancel,
    reactivate,
    openBillingPortal,
  } = state;
  const [busy, setBusy] = useState<'cancel' | 'reactivate' | 'portal' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isAdminPlan = plan === 'admin';
  const endDate = formatDate(currentPeriodEnd, 'long');
  const period = periodText({ plan, currentPeriodEnd, cancelAtPeriodEnd, trialEnd, gift });
  // A plan set to end says so first, not "You're All Set!" above the end date.
  const ending = period?.ending === true;

  async function run(action: 'cancel' | 'reactivate' | 'portal', fallback: string) {
    setBusy(action);
    setError(null);
    setNotice(null);
    try {
      if (action === 'portal') {
        await openBillingPortal();
        return; // leaving for the provider's portal
      }
      const message = await (action === 'cancel' ? cancel() : reactivate());
      setNotice(message ?? null);
      setConfirming(false);
    } catch (err) {
      setError(messageOf(err, fallback));
    }
    setBusy(null);
  }

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1>{ending ? `Your ${planName(plan)} ends on ${endDate}` : "You're All Set!"}</h1>
        <p>
          Current plan: <strong>{isAdminPlan ? planName(plan) : planLabel(interval, gift)}</strong>
        </p>
        {isAdminPlan ? (
          <p className={styles.muted}>As an admin you have full access to all content.</p>
        ) : null}
        {status === 'past_due' ? (
          <Alert tone="warning" title="Your last payment failed">
            Please update your payment method to keep your Premium access.{' '}
            <Link to="/account/billing?update=card">Update card</Link>
          </Alert>
        ) : null}
        {period ? <p className={period.ending ? styles.danger : styles.muted}>{period.text}</p> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className={styles.actions}>
          <Link to="/browse" className={buttonClassName('primary')}>
            Browse Content
          </Link>
          <Link to="/" className={buttonClassName('secondary')}>
            Go to Dashboard
          </Link>
        </div>
        {gift ? <AfterGift endDate={endDate} /> : null}
        {!isAdminPlan && !gift ? (
          <div className={styles.manage}>
            {cancelAtPeriodEnd ? (
              <Button
                loading={busy === 'reactivate'}
                onClick={() => void run('reactivate', 'Failed to reactivate subscription. Please try again.')}
              >
                Reactivate Subscription
              </Button>
            ) : confirming ? (
              <div className={styles.confirm} role="group" aria-label="Confirm cancellation">
                <p>
                  Cancel your subscription? You keep full access
                  {endDate ? ` until ${endDate}` : ' until the end of the billing period'}.
                </p>
                <div className={styles.actions}>
                  <Button
                    variant="danger"
                    loading={busy === 'cancel'}
                    onClick={() => void run('cancel', 'Failed to cancel subscription. Please try again.')}
                  >
                    Yes, cancel
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirming(false)}>
                    Keep subscription
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            )}
            <Button
              variant="ghost"
              loading={busy === 'portal'}
              onClick={() => void run('portal', BILLING_PORTAL_FAILED_MESSAGE)}
            >
              Manage billing
            </Button>
          </div>
        ) : null}
        {canSwitchPlan(state) ? <PlanSwitch store={store} /> : null}
      </Card>
    </section>
  );
}

/**
 * A gift's Premium: nothing to cancel or reactivate (no plan is billed), so what comes after it instead. A
 * checkout is refused while Premium is open, so the plans come back here once the gift ends.
 */
function AfterGift({ endDate }: { endDate: string }) {
  return (
    <section className={styles.switchPlan} aria-labelledby="after-gift">
      <h2 id="after-gift">After your gift</h2>
      <p>
        To keep Premium after {endDate}, subscribe here once your gift ends: {formatPrice(PREMIUM_PLAN.price)}{' '}
        a month, or {formatPrice(PREMIUM_ANNUAL_PLAN.price)} a year ({PREMIUM_ANNUAL_PLAN.saving}). Until then
        you have everything Premium opens.
      </p>
    </section>
  );
}

export default PlansPage;
