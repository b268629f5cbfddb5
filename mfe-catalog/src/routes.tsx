import { Route, Routes } from 'react-router-dom';
import { NotFound, RequireSubscription, remoteTestId } from '@catalyst/web-kit';
import { BrowsePage } from './browse/BrowsePage';
import { CategoryPage } from './category/CategoryPage';
import { CreatorLibraryPage } from './creator/CreatorLibraryPage';

/** Everything the shell mounts under /browse/* (except the product page, which is the player's). */
export default function BrowseRoutes() {
  return (
    <div data-testid={remoteTestId('catalog')} data-build={process.env.CATALYST_BUILD_LABEL || undefined}>
      <Routes>
        <Route index element={<BrowsePage />} />
        <Route
          path="category/:categorySlug"
          element={
            <RequireSubscription reason="category">
              <CategoryPage />
            </RequireSubscription>
          }
        />
        <Route
          path="category/:categorySlug/creator/:creatorId"
          element={
            <RequireSubscription reason="category">
              <CreatorLibraryPage />
            </RequireSubscription>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
