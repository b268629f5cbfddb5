import { lazy, Suspense } from 'react';
import { useSubscription, type SubscriptionStore } from '@catalyst/web-kit';

/** Where the banner's button goes: the billing page, which opens the portal's card update at once. */
export const UPDATE_CARD_PATH = '/account/billing?update=card';

// Its text loads only when shown: a visitor, and a plan in good standing, never download it.
const PaymentNotice = lazy(() =>
  import('./PaymentNotice').then((notice) => ({ default: notice.PaymentNotice })),
);

/**
 * The strip above the header while a renewal has failed (`past_due`): Premium stays open until the grace
 * period ends, and Update card opens the card update. It goes as soon as the plan is paid again.
 */
export function PaymentBanner({ store }: { store?: SubscriptionStore }) {
  const { status, graceEndsAt } = useSubscription(store);
  if (status !== 'past_due') return null;
  return (
    <Suspense fallback={null}>
      <PaymentNotice graceEndsAt={graceEndsAt} />
    </Suspense>
  );
}
