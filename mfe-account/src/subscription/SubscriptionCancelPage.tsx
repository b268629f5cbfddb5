import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle } from '@catalyst/web-kit';

export function SubscriptionCancelPage() {
  useDocumentTitle('Subscription Failed');
  return (
    <section>
      <h1>Subscription Failed</h1>
      <Link to="/" className={buttonClassName('primary')}>
        Go to Dashboard
      </Link>
    </section>
  );
}
