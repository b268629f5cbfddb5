import { useSyncExternalStore } from 'react';
import { session } from '../session';
import { createSubscriptionStore, type SubscriptionState, type SubscriptionStore } from './store';

export * from './store';

/** The page's one subscription store, following the shared session. */
export const subscription: SubscriptionStore = createSubscriptionStore(session);

export interface UseSubscription extends SubscriptionState {
  refresh: SubscriptionStore['refresh'];
  startCheckout: SubscriptionStore['startCheckout'];
  changePlan: SubscriptionStore['changePlan'];
  cancel: SubscriptionStore['cancel'];
  reactivate: SubscriptionStore['reactivate'];
  openBillingPortal: SubscriptionStore['openBillingPortal'];
}

export function useSubscription(store: SubscriptionStore = subscription): UseSubscription {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    refresh: store.refresh,
    startCheckout: store.startCheckout,
    changePlan: store.changePlan,
    cancel: store.cancel,
    reactivate: store.reactivate,
    openBillingPortal: store.openBillingPortal,
  };
}
