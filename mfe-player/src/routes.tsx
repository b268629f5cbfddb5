import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId, useStrings } from '@catalyst/web-kit';
import { ProductEntry } from './course/ProductEntry';
import { playerStrings } from './i18n/en';

/** What the shell mounts under /browse/premium/product/*: a product, or a lesson of a course (…/{key}/lesson/{lessonId}). */
export default function ProductRoutes() {
  const t = useStrings(playerStrings);
  return (
    <div data-testid={remoteTestId('player')}>
      <Routes>
        {/* one route for the product and its lessons: moving between lessons keeps the page (and its curriculum) */}
        <Route path=":productSlug/*" element={<ProductEntry />} />
        <Route path="*" element={<NotFound message={t('product.notFound')} />} />
      </Routes>
    </div>
  );
}
