import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { PlansPage } from './PlansPage';
import { SubscriptionCancelPage } from './SubscriptionCancelPage';
import { SubscriptionSuccessPage } from './SubscriptionSuccessPage';

/** What the shell mounts under /subscription/*. */
export default function SubscriptionRoutes() {
  return (
    <div data-testid={remoteTestId('account')}>
      <Routes>
        <Route index element={<PlansPage />} />
        <Route path="success" element={<SubscriptionSuccessPage />} />
        <Route path="cancel" element={<SubscriptionCancelPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
