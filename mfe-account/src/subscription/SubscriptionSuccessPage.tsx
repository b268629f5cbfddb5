import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClassName, Spinner, useDocumentTitle, useSession, useSubscription } from '@catalyst/web-kit';

export function SubscriptionSuccessPage() {
  useDocumentTitle('Subscription Activated');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user } = useSession();
  const { refresh } = useSubscription();
  const [confirming, setConfirming] = useState(Boolean(sessionId));
  useEffect(() => {
    if (!sessionId) return;
    void refresh().finally(() => setConfirming(false));
  }, [sessionId, refresh]);
  if (confirming) return <Spinner message="Confirming your subscription..." />;
  return (
    <section>
      <h1>Subscription Activated Successfully</h1>
      <p>Thank you, {user?.name}!</p>
      <Link to="/browse" className={buttonClassName('primary')}>
        Start Learning Now
      </Link>{' '}
      <Link to="/" className={buttonClassName('secondary')}>
        Go to Dashboard
      </Link>
    </section>
  );
}
