// Types only: a value import of @catalyst/contracts would put zod on every page (web-kit loads at start).
import type { PlanId, SubscriptionStatus } from '@catalyst/contracts';
import { api as defaultApi, type ApiClient } from '../api/client';
import type { SessionState, SessionStore } from '../session/store';

/** Subscription state of spec section 4 ('free' unless the server or the admin role says otherwise). */
export interface SubscriptionState {
  hasSubscription: boolean;
  plan: string | null;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A failed renewal (`past_due`): until when Premium stays open unless the card is updated. */
  graceEndsAt: string | null;
  /** Premium from a redeemed gift: no plan billed, nothing to cancel or reactivate; it ends at currentPeriodEnd. */
  gift: boolean;
  /** Billed every month or every year (null without a plan, and for admins). */
  interval: 'month' | 'year' | null;
  /** A free trial: when it ends and the card is first charged. */
  trialEnd: string | null;
  /** An annual plan becoming monthly at currentPeriodEnd. */
  scheduledInterval: 'month' | 'year' | null;
  isLoading: boolean;
}

/** What a checkout buys besides the plan: monthly or annual, a promotion code, the free trial. */
export interface CheckoutChoice {
  interval?: 'month' | 'year';
  code?: string;
  trial?: boolean;
}

export interface SubscriptionStore {
  getState(): SubscriptionState;
  subscribe(listener: () => void): () => void;
  /**
   * Re-reads GET /subscription/status. With the checkout session id of the success page the server
   * confirms that session with the provider first, so the new plan shows at once.
   */
  refresh(options?: { sessionId?: string | null }): Promise<void>;
  /** Asks the server for a checkout address for the plan, then sends the browser there. */
  startCheckout(plan?: PlanId, choice?: CheckoutChoice): Promise<void>;
  /** Monthly ↔ annual; answers the server's message. */
  changePlan(interval: 'month' | 'year'): Promise<string | undefined>;
  /** Cancel at the end of the period; answers the server's message. */
  cancel(): Promise<string | undefined>;
  /** Undo a pending cancellation; answers the server's message. */
  reactivate(): Promise<string | undefined>;
  /** Opens the payment provider's billing portal (card and invoices). */
  openBillingPortal(): Promise<void>;
}

export interface SubscriptionStoreDeps {
  api?: ApiClient;
  /** How the browser leaves for the provider's pages (replaced in tests). */
  navigate?: (url: string) => void;
}

const FREE: Omit<SubscriptionState, 'isLoading'> = {
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
} satisfies SubscriptionStatus;
const ADMIN: Omit<SubscriptionState, 'isLoading'> = {
  hasSubscription: true,
  plan: 'admin',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  gift: false,
  interval: null,
  trialEnd: null,
  scheduledInterval: null,
} satisfies SubscriptionStatus;

type StatusAnswer = Partial<SubscriptionStatus> | null | undefined;

function fromAnswer(answer: StatusAnswer): Omit<SubscriptionState, 'isLoading'> {
  return {
    hasSubscription: answer?.hasSubscription === true,
    plan: answer?.plan ?? null,
    status: answer?.status ?? 'free',
    currentPeriodEnd: answer?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: answer?.cancelAtPeriodEnd === true,
    graceEndsAt: answer?.graceEndsAt ?? null,
    gift: answer?.gift === true,
    interval: answer?.interval ?? null,
    trialEnd: answer?.trialEnd ?? null,
    scheduledInterval: answer?.scheduledInterval ?? null,
  };
}

const userKey = (s: SessionState) =>
  s.user ? `${s.user._id ?? s.user.id ?? s.user.email}:${s.user.role}` : null;

const browserNavigate = (url: string) => globalThis.location.assign(url);

/** Follows the session: refreshed whenever the signed-in user changes. */
export function createSubscriptionStore(
  session: SessionStore,
  deps: SubscriptionStoreDeps = {},
): SubscriptionStore {
  const client = deps.api ?? defaultApi;
  const navigate = deps.navigate ?? browserNavigate;
  const initial = session.getState();
  let state: SubscriptionState = { ...FREE, isLoading: initial.isLoading || initial.user !== null };
  const listeners = new Set<() => void>();
  // Only the newest check may write: a slow answer for a previous user never overwrites the current one.
  let generation = 0;

  const set = (next: SubscriptionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function refresh(options: { sessionId?: string | null } = {}) {
    const current = session.getState();
    const mine = ++generation;
    if (current.isLoading && !current.user) {
      set({ ...state, isLoading: true });
      return;
    }
    if (!current.user) {
      set({ ...FREE, isLoading: false });
      return;
    }
    if (current.user.role === 'admin') {
      set({ ...ADMIN, isLoading: false });
      return;
    }
    set({ ...state, isLoading: true });
    try {
      const query = options.sessionId ? { session_id: options.sessionId } : undefined;
      const answer = await client.subscription.status({ query });
      if (mine !== generation) return;
      set({ ...fromAnswer(answer), isLoading: false });
    } catch {
      if (mine !== generation) return;
      // A failed check leaves only admins subscribed (admins never reach here).
      set({ ...FREE, isLoading: false });
    }
  }

  /** Applies a status the server answered to a change (cancel, reactivate). */
  async function change(action: 'cancel' | 'reactivate'): Promise<string | undefined> {
    const mine = ++generation;
    const result = await client.subscription[action].request();
    if (mine === generation) set({ ...fromAnswer(result.data), isLoading: false });
    return result.message;
  }

  async function startCheckout(plan: PlanId = 'premium', choice: CheckoutChoice = {}) {
    const { url } = await client.subscription.createCheckoutSession({ body: { plan, ...choice } });
    if (!url) throw new Error('No checkout address');
    navigate(url);
  }

  async function openBillingPortal() {
    const { url } = await client.subscription.portal();
    navigate(url);
  }

  // 'loading' / 'anonymous' / one key per user: any change of it re-checks the status.
  const keyOf = (s: SessionState) => userKey(s) ?? (s.isLoading ? 'loading' : 'anonymous');
  let lastKey = keyOf(initial);
  session.subscribe(() => {
    const key = keyOf(session.getState());
    if (key === lastKey) return;
    lastKey = key;
    void refresh();
  });
  if (initial.user) void refresh();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    startCheckout,
    async changePlan(interval) {
      const mine = ++generation;
      const result = await client.plan.change.request({ body: { interval } });
      if (mine === generation) set({ ...fromAnswer(result.data), isLoading: false });
      return result.message;
    },
    cancel: () => change('cancel'),
    reactivate: () => change('reactivate'),
    openBillingPortal,
  };
}
