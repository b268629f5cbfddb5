import { Route, Routes } from 'react-router-dom';
import { NotFound, RequireSubscription, remoteTestId } from '@catalyst/web-kit';
import { PRODUCT_NOT_FOUND, ProductPage } from './product/ProductPage';

/** What the shell mounts under /browse/premium/product/*. */
export default function ProductRoutes() {
  return (
    <div data-testid={remoteTestId('player')}>
      <Routes>
        <Route
          path=":productSlug"
          element={
            <RequireSubscription>
              <ProductPage />
            </RequireSubscription>
          }
        />
        <Route path="*" element={<NotFound message={PRODUCT_NOT_FOUND} />} />
      </Routes>
    </div>
  );
}
