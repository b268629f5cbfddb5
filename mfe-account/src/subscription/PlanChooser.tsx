import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN, TRIAL_DAYS } from '@catalyst/contracts/plan';
import {
  Alert,
  Badge,
  Button,
  Card,
  KeptRoom,
  TextField,
  api,
  formatDate,
  formatPrice,
  isApiRequestError,
  premiumReasonText,
  useApiData,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import styles from './Subscription.module.css';

export const CHECKOUT_FAILED_MESSAGE = 'Failed to initiate subscription. Please try again.';
const CODE_CHECK_FAILED = 'The code could not be checked. Please try again.';

type Interval = 'month' | 'year';

/**
 * The plans page without a plan: Premium monthly (the spec's texts) or annual ("2 months free"), the free
 * trial for someone who never had Premium, and a promotion code (typed, or from a shared `?code=` link) whose
 * discounted price shows before checkout.
 */
export function PlanChooser({ store }: { store: SubscriptionStore }) {
  const { status, startCheckout } = useSubscription(store);
  // Sent here from premium content: say why, above the plan (router state of that navigation).
  const { state } = useLocation();
  const reason = premiumReasonText(state);
  const leftCheckout = (state as { checkout?: unknown } | null)?.checkout === 'left';
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const [typed, setTyped] = useState(code);
  const [chosen, setChosen] = useState<Interval | null>(null);
  const [starting, setStarting] = useState<'pay' | 'trial' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const offer = useApiData(api.plan.offer, { query: code ? { code } : {} });
  const discount = offer.data?.discount ?? null;
  const codeError =
    code && offer.error
      ? isApiRequestError(offer.error) && offer.error.status < 500
        ? offer.error.message
        : CODE_CHECK_FAILED
      : null;
  // A code for one plan shows that plan first.
  const interval: Interval = chosen ?? discount?.interval ?? 'month';
  const priced = discount?.prices.find((p) => p.interval === interval) ?? null;
  const trial = offer.data?.trial.eligible === true;
  // The trial's end if it started now (read once, when the page opens).
  const [trialEnds] = useState(() => formatDate(Date.now() + TRIAL_DAYS * 86400_000, 'long'));
  const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;

  const trialButton = (
    <Button
      size="lg"
      block
      variant="secondary"
      loading={starting === 'trial'}
      onClick={() => void subscribe(true)}
    >
      {starting === 'trial' ? 'Redirecting to checkout...' : `Start ${TRIAL_DAYS}-day free trial`}
    </Button>
  );

  function applyCode(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(searchParams);
    if (typed.trim()) next.set('code', typed.trim());
    else next.delete('code');
    setSearchParams(next, { replace: true });
  }

  async function subscribe(withTrial: boolean) {
    setStarting(withTrial ? 'trial' : 'pay');
    setError(null);
    try {
      await startCheckout('premium', {
        interval,
        ...(priced ? { code } : {}),
        ...(withTrial ? { trial: true } : {}),
      });
      // The browser is leaving for the checkout page; the button stays busy until it does.
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500 && err.message ? err.message : CHECKOUT_FAILED_MESSAGE,
      );
      setStarting(null);
    }
  }

  return (
    <section className={styles.page}>
      <header className={styles.intro}>
        <h1>Choose Your Plan</h1>
        <p>One plan, every course, tutorial and webinar. Cancel any time.</p>
      </header>
      {reason ? (
        <Alert tone="info" title={reason}>
          Subscribe to open it, and everything else in the library.
        </Alert>
      ) : null}
      {leftCheckout ? (
        <Alert tone="info" title="Checkout closed">
          You left the checkout before paying, so nothing was charged. Subscribe whenever you are ready.
        </Alert>
      ) : null}
      {status === 'canceled' ? (
        <Alert tone="info">
          Your previous subscription has ended. Subscribe again to regain full access.
        </Alert>
      ) : null}
      <div className={styles.switch} role="radiogroup" aria-label="Billing period">
        {(['month', 'year'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={interval === value}
            className={styles.switchOption}
            onClick={() => setChosen(value)}
          >
            {value === 'month' ? 'Monthly' : `Annual · ${PREMIUM_ANNUAL_PLAN.saving}`}
          </button>
        ))}
      </div>
      <Card as="article" className={styles.plan} aria-labelledby="plan-premium">
        <div className={styles.planHeader}>
          <h2 id="plan-premium">{PREMIUM_PLAN.name}</h2>
          <Badge tone="primary">{interval === 'year' ? PREMIUM_ANNUAL_PLAN.saving : PREMIUM_PLAN.tag}</Badge>
        </div>
        <p className={styles.price}>
          <span className={styles.amount}>{formatPrice(plan.price)}</span>
          <span className={styles.per}>/{interval}</span>
        </p>
        {interval === 'year' ? (
          <span className={styles.per}>
            {formatPrice(PREMIUM_ANNUAL_PLAN.monthlyPrice)}/month, billed yearly
          </span>
        ) : null}
        <ul className={styles.list} aria-label="Premium features">
          {PREMIUM_PLAN.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {code && offer.isLoading ? (
          <KeptRoom shape={<div className={styles.offer}>Code {code}</div>} />
        ) : priced ? (
          <div role="status" className={styles.offer}>
            <strong>Code {discount?.code}:</strong> {priced.summary}
          </div>
        ) : discount ? (
          <div role="status" className={styles.offer}>
            Code {discount.code} is for the {discount.interval === 'year' ? 'annual' : 'monthly'} plan.
          </div>
        ) : null}
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Button size="lg" block loading={starting === 'pay'} onClick={() => void subscribe(false)}>
          {starting === 'pay' ? 'Redirecting to checkout...' : 'Subscribe Now'}
        </Button>
        {/* While the offer is asked for, its room is kept (most people here never had Premium). */}
        {offer.isLoading ? (
          <KeptRoom shape={trialOffer(trialEnds)} />
        ) : trial ? (
          trialOffer(trialEnds, trialButton)
        ) : null}
      </Card>
      <form className={styles.codeForm} aria-label="Apply a promotion code" onSubmit={applyCode}>
        <TextField
          label="Promotion code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          maxLength={32}
          error={codeError}
        />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
    </section>
  );
}

/** The free trial's offer: when nothing is charged until, and its button (a stand-in of its size while loading). */
function trialOffer(trialEnds: string, button?: ReactNode) {
  return (
    <div className={styles.trial}>
      <div className={styles.offer}>
        {TRIAL_DAYS}-day free trial: nothing is charged until {trialEnds}. Cancel before then and pay nothing.
      </div>
      {button ?? (
        <Button size="lg" block variant="secondary">
          Start {TRIAL_DAYS}-day free trial
        </Button>
      )}
    </div>
  );
}
