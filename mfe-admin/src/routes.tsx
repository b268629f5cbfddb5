import { Route, Routes } from 'react-router-dom';
import { remoteTestId } from '@catalyst/web-kit';
import { CategoryListPage } from './categories/CategoryListPage';
import { AdminDashboardPage } from './dashboard/AdminDashboardPage';
import { ProductListPage } from './products/ProductListPage';

/** What the shell mounts under /admin/* (behind RequireAdmin, so only admins ever load this remote). */
export default function AdminRoutes() {
  return (
    <div data-testid={remoteTestId('admin')}>
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route path="categories" element={<CategoryListPage />} />
        <Route path="products" element={<ProductListPage />} />
        <Route path="*" element={<h1>404 - Page Not Found</h1>} />
      </Routes>
    </div>
  );
}
