import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { namedPage as page } from './common/namedPage';

const AdminDashboardPage = page(() => import('./dashboard/AdminDashboardPage'), 'AdminDashboardPage');
const CategoryListPage = page(() => import('./categories/CategoryListPage'), 'CategoryListPage');
const CategoryFormPage = page(() => import('./categories/CategoryFormPage'), 'CategoryFormPage');
const ProductListPage = page(() => import('./products/ProductListPage'), 'ProductListPage');
const ProductFormPage = page(() => import('./products/ProductFormPage'), 'ProductFormPage');
const MediaListPage = page(() => import('./media/MediaListPage'), 'MediaListPage');
const CertificateListPage = page(() => import('./certificates/CertificateListPage'), 'CertificateListPage');
const ReportsPage = page(() => import('./moderation/ReportsPage'), 'ReportsPage');
const AuditLogPage = page(() => import('./moderation/AuditLogPage'), 'AuditLogPage');
const ReviewReportsPage = page(() => import('./moderation/ReviewReportsPage'), 'ReviewReportsPage');
const CreatorListPage = page(() => import('./creators/CreatorListPage'), 'CreatorListPage');
const CreatorFormPage = page(() => import('./creators/CreatorFormPage'), 'CreatorFormPage');
const PathListPage = page(() => import('./paths/PathListPage'), 'PathListPage');
const PathFormPage = page(() => import('./paths/PathFormPage'), 'PathFormPage');
const UserListPage = page(() => import('./users/UserListPage'), 'UserListPage');
const UserAuditLogPage = page(() => import('./users/UserAuditLogPage'), 'UserAuditLogPage');
const ReleasesPage = page(() => import('./releases/ReleasesPage'), 'ReleasesPage');
const AdminGiftsPage = page(() => import('./billing/AdminGiftsPage'), 'AdminGiftsPage');
const ReviewQueuePage = page(() => import('./revisions/ReviewQueuePage'), 'ReviewQueuePage');
const RevisionReviewPage = page(() => import('./revisions/RevisionReviewPage'), 'RevisionReviewPage');
const AdminPromotionsPage = page(() => import('./billing/AdminPromotionsPage'), 'AdminPromotionsPage');
const AdminRoyaltiesPage = page(() => import('./royalties/AdminRoyaltiesPage'), 'AdminRoyaltiesPage');
const XapiPage = page(() => import('./integrations/xapi/XapiPage'), 'XapiPage');
const ApiKeysPage = page(() => import('./integrations/api-keys/ApiKeysPage'), 'ApiKeysPage');
const LtiPage = page(() => import('./integrations/lti/LtiPage'), 'LtiPage');
const WebhooksPage = page(() => import('./integrations/webhooks/WebhooksPage'), 'WebhooksPage');
const AdminRoyaltyMonthPage = page(
  () => import('./royalties/AdminRoyaltyMonthPage'),
  'AdminRoyaltyMonthPage',
);

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
        <Route path="community/reviews" element={<ReviewReportsPage />} />
        <Route path="creators" element={<CreatorListPage />} />
        <Route path="creators/new" element={<CreatorFormPage />} />
        <Route path="creators/:id/edit" element={<CreatorFormPage key="edit" />} />
        <Route path="paths" element={<PathListPage />} />
        <Route path="paths/new" element={<PathFormPage />} />
        <Route path="paths/:id/edit" element={<PathFormPage key="edit" />} />
        <Route path="users" element={<UserListPage />} />
        <Route path="users/audit" element={<UserAuditLogPage />} />
        <Route path="releases" element={<ReleasesPage />} />
        <Route path="gifts" element={<AdminGiftsPage />} />
        <Route path="promotions" element={<AdminPromotionsPage />} />
        <Route path="royalties" element={<AdminRoyaltiesPage />} />
        <Route path="royalties/:month" element={<AdminRoyaltyMonthPage />} />
        <Route path="reviews-queue" element={<ReviewQueuePage />} />
        <Route path="reviews-queue/:id" element={<RevisionReviewPage />} />
        <Route path="api-keys" element={<ApiKeysPage />} />
        <Route path="lti" element={<LtiPage />} />
        <Route path="xapi" element={<XapiPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
