import { Link } from 'react-router-dom';
import { Banner, formatDate, useSubscription, type SubscriptionStore } from '@catalyst/web-kit';

/** Where the banner's button goes: the billing page, which opens the portal's card update at once. */
export const UPDATE_CARD_PATH = '/account/billing?update=card';

/**
 * The strip above the header while a renewal has failed (`past_due`): Premium stays open until the grace
 * period ends, and Update card opens the card update. It goes as soon as the plan is paid again.
 */
export function PaymentBanner({ store }: { store?: SubscriptionStore }) {
  const { status, graceEndsAt } = useSubscription(store);
  if (status !== 'past_due') return null;
  return (
    <Banner tone="warning">
      <span>
        Your last payment failed.{' '}
        {graceEndsAt
          ? `Update your card by ${formatDate(graceEndsAt, 'long', { utc: true })} to keep Premium.`
          : 'Update your card to keep Premium.'}{' '}
        <Link to={UPDATE_CARD_PATH}>Update card</Link>
      </span>
    </Banner>
  );
}
