import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { namedPage as page } from '../common/namedPage';

const StudioProductsPage = page(() => import('./products/StudioProductsPage'), 'StudioProductsPage');
const StudioProductRoutes = page(() => import('./products/StudioProductRoutes'), 'StudioProductRoutes');
const StudioAnalyticsPage = page(() => import('./analytics/StudioAnalyticsPage'), 'StudioAnalyticsPage');
const StudioEarningsPage = page(() => import('./earnings/StudioEarningsPage'), 'StudioEarningsPage');
const StudioProfilePage = page(() => import('./profile/StudioProfilePage'), 'StudioProfilePage');
const StudioReviewsPage = page(() => import('./reviews/StudioReviewsPage'), 'StudioReviewsPage');
const StudioQuestionsPage = page(() => import('./questions/StudioQuestionsPage'), 'StudioQuestionsPage');

/** What the shell mounts under /studio/* (behind RequireCreator: creators, and admins acting for any creator). */
export default function StudioRoutes() {
  return (
    <div data-testid={remoteTestId('admin')}>
      <Routes>
        <Route index element={<StudioProductsPage />} />
        <Route path="products/*" element={<StudioProductRoutes />} />
        <Route path="analytics/*" element={<StudioAnalyticsPage />} />
        <Route path="earnings" element={<StudioEarningsPage />} />
        <Route path="reviews" element={<StudioReviewsPage />} />
        <Route path="questions" element={<StudioQuestionsPage />} />
        <Route path="profile" element={<StudioProfilePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
