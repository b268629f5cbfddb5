import { Route, Routes } from 'react-router-dom';
import { NotFound, RequireAuth, remoteTestId } from '@catalyst/web-kit';
import { PRODUCT_NOT_FOUND, ProductPage } from './product/ProductPage';

/** What the shell mounts under /browse/premium/product/*. */
export default function ProductRoutes() {
  return (
    <div data-testid={remoteTestId('player')}>
      <Routes>
        <Route
          path=":productSlug"
          element={
            // Signed in is enough here: the server opens a free product to everyone and refuses the rest (ProductPage).
            <RequireAuth>
              <ProductPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFound message={PRODUCT_NOT_FOUND} />} />
      </Routes>
    </div>
  );
}
