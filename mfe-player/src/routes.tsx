import { Route, Routes } from 'react-router-dom';
import { RequireAuth, remoteTestId } from '@catalyst/web-kit';
import { ProductPage } from './product/ProductPage';

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
        <Route path="*" element={<p>Product not found or inaccessible.</p>} />
      </Routes>
    </div>
  );
}
