import { Route, Routes } from 'react-router-dom';
import { RequireSubscription, remoteTestId } from '@catalyst/web-kit';
import { ProductPage } from './product/ProductPage';

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
        <Route path="*" element={<p>Product not found or inaccessible.</p>} />
      </Routes>
    </div>
  );
}
