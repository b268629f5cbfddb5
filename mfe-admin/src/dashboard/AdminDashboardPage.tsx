import { Link } from 'react-router-dom';
import { api, Card, ErrorScreen, buttonClassName, useApiData, useDocumentTitle } from '@catalyst/web-kit';
import { BillingFigures } from '../billing/BillingFigures';
import styles from '../common/Admin.module.css';

/** `value` undefined: still loading (the card keeps its size, so nothing moves when the figures arrive). */
function Stat({
  label,
  value,
  detail,
}: {
  label: string;
  value: number | null | undefined;
  detail?: string;
}) {
  return (
    <Card>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value === undefined ? '\u2026' : value === null ? '—' : value}</p>
      <p className={styles.statLabel}>{value === null ? 'Unavailable right now' : (detail ?? '\u00a0')}</p>
    </Card>
  );
}

const STAT_LABELS = ['Categories', 'Products', 'Creators', 'Users', 'Subscribers'];

/** Where the dashboard leads: the lists (media, users, certificates, community moderation and the front ends' releases too), then the two most common additions. */
const dashboardLinks = [
  { to: '/admin/categories', label: 'Manage Categories', variant: 'secondary' },
  { to: '/admin/products', label: 'Manage Products', variant: 'secondary' },
  { to: '/admin/reviews-queue', label: 'Review queue', variant: 'secondary' },
  { to: '/admin/creators', label: 'Manage Creators', variant: 'secondary' },
  { to: '/admin/paths', label: 'Manage Learning Paths', variant: 'secondary' },
  { to: '/admin/media', label: 'Manage Media', variant: 'secondary' },
  { to: '/admin/users', label: 'Manage Users', variant: 'secondary' },
  { to: '/admin/certificates', label: 'Manage Certificates', variant: 'secondary' },
  { to: '/admin/community', label: 'Community moderation', variant: 'secondary' },
  { to: '/admin/releases', label: 'Releases', variant: 'secondary' },
  { to: '/admin/gifts', label: 'Gifts', variant: 'secondary' },
  { to: '/admin/promotions', label: 'Promotion codes', variant: 'secondary' },
  { to: '/admin/royalties', label: 'Royalties', variant: 'secondary' },
  { to: '/admin/categories/new', label: 'Add Category', variant: 'primary' },
  { to: '/admin/products/new', label: 'Add Product', variant: 'primary' },
] as const;

/** The admin pages of Catalyst's links to other systems (API keys, webhooks, xAPI, LTI), one group. */
const integrationLinks = [
  { to: '/admin/api-keys', label: 'API keys' },
  { to: '/admin/lti', label: 'LTI 1.3' },
  { to: '/admin/xapi', label: 'xAPI' },
  { to: '/admin/webhooks', label: 'Webhooks' },
] as const;

/** /admin: the real figures from GET /admin/stats (a figure another service could not give reads 'Unavailable'). */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const { data, isLoading, error, reload } = useApiData(api.stats.get);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Admin Dashboard</h1>
          <p className={styles.subtitle}>Manage the catalogue: categories, creators and products.</p>
        </div>
      </header>
      {isLoading && !data ? (
        <div className={styles.stats} aria-busy="true" aria-label="Loading statistics...">
          {STAT_LABELS.map((label) => (
            <Stat key={label} label={label} value={undefined} />
          ))}
        </div>
      ) : null}
      {error ? (
        <ErrorScreen
          message={`Failed to load statistics: ${error.message}`}
          onRetry={reload}
          retryLabel="Try Again"
        />
      ) : null}
      {data ? (
        <div className={styles.stats} data-testid="admin-stats">
          <Stat label="Categories" value={data.categories} />
          <Stat
            label="Products"
            value={data.products.total}
            detail={`${data.products.published} published, ${data.products.draft} draft`}
          />
          <Stat label="Creators" value={data.creators} />
          <Stat label="Users" value={data.users} />
          <Stat label="Subscribers" value={data.subscribers} detail="Active Premium subscriptions" />
        </div>
      ) : null}
      <BillingFigures />
      <div className={styles.links}>
        {dashboardLinks.map((link) => (
          <Link key={link.to} className={buttonClassName(link.variant)} to={link.to}>
            {link.label}
          </Link>
        ))}
      </div>
      <nav aria-labelledby="admin-integrations">
        <h2 id="admin-integrations" className={styles.statLabel}>
          Integrations
        </h2>
        <div className={styles.links}>
          {integrationLinks.map((link) => (
            <Link key={link.to} className={buttonClassName('secondary')} to={link.to}>
              {link.label}
            </Link>
          ))}
        </div>
      </nav>
    </section>
  );
}
