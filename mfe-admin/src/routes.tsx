import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { CategoryFormPage } from './categories/CategoryFormPage';
import { CategoryListPage } from './categories/CategoryListPage';
import { CertificateListPage } from './certificates/CertificateListPage';
import { CreatorFormPage } from './creators/CreatorFormPage';
import { CreatorListPage } from './creators/CreatorListPage';
import { AdminDashboardPage } from './dashboard/AdminDashboardPage';
import { MediaListPage } from './media/MediaListPage';
import { AuditLogPage } from './moderation/AuditLogPage';
import { ReportsPage } from './moderation/ReportsPage';
import { ProductFormPage } from './products/ProductFormPage';
import { ProductListPage } from './products/ProductListPage';
import { ReleasesPage } from './releases/ReleasesPage';

/** What the shell mounts under /admin/* (behind RequireAdmin, so only admins ever load this remote). */
export default function AdminRoutes() {
  return (
    <div data-testid={remoteTestId('admin')}>
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route path="categories" element={<CategoryListPage />} />
        <Route path="categories/new" element={<CategoryFormPage />} />
        <Route path="categories/:id/edit" element={<CategoryFormPage key="edit" />} />
        <Route path="products" element={<ProductListPage />} />
        <Route path="products/new" element={<ProductFormPage />} />
        <Route path="products/:id/edit" element={<ProductFormPage key="edit" />} />
        <Route path="media" element={<MediaListPage />} />
        <Route path="certificates" element={<CertificateListPage />} />
        <Route path="community" element={<ReportsPage />} />
        <Route path="community/audit" element={<AuditLogPage />} />
        <Route path="creators" element={<CreatorListPage />} />
        <Route path="creators/new" element={<CreatorFormPage />} />
        <Route path="creators/:id/edit" element={<CreatorFormPage key="edit" />} />
        <Route path="releases" element={<ReleasesPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
