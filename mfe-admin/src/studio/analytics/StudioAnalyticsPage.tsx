import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@catalyst/web-kit';
import { AnalyticsOverview } from './AnalyticsOverview';
import { ProductAnalyticsPage } from './ProductAnalyticsPage';

/** /studio/analytics: the creator's items, and one item's figures at /studio/analytics/{id}. */
export function StudioAnalyticsPage() {
  return (
    <Routes>
      <Route index element={<AnalyticsOverview />} />
      <Route path=":id" element={<ProductAnalyticsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
