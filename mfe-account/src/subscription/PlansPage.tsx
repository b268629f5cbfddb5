import { Link } from 'react-router-dom';
import { buttonClassName, Card, formatPrice, Spinner, useDocumentTitle, useSubscription } from '@catalyst/web-kit';

export const PREMIUM_MONTHLY_PRICE = 14.99;

/** The plans page (the billing helper adds checkout, cancel and reactivate). */
export function PlansPage() {
  useDocumentTitle('Subscription');
  const { hasSubscription, plan, isLoading } = useSubscription();
  if (isLoading) return <Spinner message="Loading..." />;
  if (hasSubscription) {
    return (
      <Card>
        <h1>You're All Set!</h1>
        <p>Current plan: {plan}</p>
        <Link to="/browse" className={buttonClassName('primary')}>
          Browse Content
        </Link>{' '}
        <Link to="/" className={buttonClassName('secondary')}>
          Go to Dashboard
        </Link>
      </Card>
    );
  }
  return (
    <Card>
      <h1>Premium</h1>
      <p>{formatPrice(PREMIUM_MONTHLY_PRICE)} / month</p>
    </Card>
  );
}
