import { Link } from 'react-router-dom';
import {
  api,
  Card,
  ErrorScreen,
  buttonClassName,
  formatCount,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { BillingFigures } from '../billing/BillingFigures';
import styles from '../common/Admin.module.css';
import { adminStrings, type AdminKey } from '../i18n/en';

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
  const t = useStrings(adminStrings);
  return (
    <Card>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>
        {value === undefined ? '\u2026' : value === null ? '—' : formatCount(value)}
      </p>
      <p className={styles.statLabel}>{value === null ? t('dashboard.unavailable') : (detail ?? '\u00a0')}</p>
    </Card>
  );
}

const STAT_LABELS = [
  'dashboard.categories',
  'dashboard.products',
  'dashboard.creators',
  'dashboard.users',
  'dashboard.subscribers',
] as const;

/** Where the dashboard leads: the lists (media, users, certificates, community moderation and the front ends' releases too), then the two most common additions. */
const dashboardLinks = [
  { to: '/admin/categories', label: 'dashboard.manageCategories', variant: 'secondary' },
  { to: '/admin/products', label: 'dashboard.manageProducts', variant: 'secondary' },
  { to: '/admin/reviews-queue', label: 'dashboard.reviewQueue', variant: 'secondary' },
  { to: '/admin/creators', label: 'dashboard.manageCreators', variant: 'secondary' },
  { to: '/admin/paths', label: 'dashboard.managePaths', variant: 'secondary' },
  { to: '/admin/media', label: 'dashboard.manageMedia', variant: 'secondary' },
  { to: '/admin/users', label: 'dashboard.manageUsers', variant: 'secondary' },
  { to: '/admin/certificates', label: 'dashboard.manageCertificates', variant: 'secondary' },
  { to: '/admin/community', label: 'dashboard.moderation', variant: 'secondary' },
  { to: '/admin/releases', label: 'dashboard.releases', variant: 'secondary' },
  { to: '/admin/gifts', label: 'dashboard.gifts', variant: 'secondary' },
  { to: '/admin/promotions', label: 'dashboard.promotions', variant: 'secondary' },
  { to: '/admin/royalties', label: 'dashboard.royalties', variant: 'secondary' },
  { to: '/admin/categories/new', label: 'dashboard.addCategory', variant: 'primary' },
  { to: '/admin/products/new', label: 'dashboard.addProduct', variant: 'primary' },
] as const satisfies ReadonlyArray<{ to: string; label: AdminKey; variant: 'primary' | 'secondary' }>;

/** The admin pages of Catalyst's links to other systems (API keys, webhooks, xAPI, LTI), one group. */
const integrationLinks = [
  { to: '/admin/api-keys', label: 'dashboard.apiKeys' },
  { to: '/admin/lti', label: 'dashboard.lti' },
  { to: '/admin/xapi', label: 'dashboard.xapi' },
  { to: '/admin/webhooks', label: 'dashboard.webhooks' },
] as const;

/** /admin: the real figures from GET /admin/stats (a figure another service could not give reads 'Unavailable'). */
export function AdminDashboardPage() {
  const t = useStrings(adminStrings);
  useDocumentTitle(t('dashboard.title'));
  const { data, isLoading, error, reload } = useApiData(api.stats.get);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('dashboard.title')}</h1>
          <p className={styles.subtitle}>{t('dashboard.subtitle')}</p>
        </div>
      </header>
      {isLoading && !data ? (
        <div className={styles.stats} aria-busy="true" aria-label={t('dashboard.loadingStats')}>
          {STAT_LABELS.map((label) => (
            <Stat key={label} label={t(label)} value={undefined} />
          ))}
        </div>
      ) : null}
      {error ? (
        <ErrorScreen
          message={t('dashboard.statsFailed', { reason: error.message })}
          onRetry={reload}
          retryLabel={t('common.tryAgain')}
        />
      ) : null}
      {data ? (
        <div className={styles.stats} data-testid="admin-stats">
          <Stat label={t('dashboard.categories')} value={data.categories} />
          <Stat
            label={t('dashboard.products')}
            value={data.products.total}
            detail={t('dashboard.productsDetail', {
              published: formatCount(data.products.published),
              draft: formatCount(data.products.draft),
            })}
          />
          <Stat label={t('dashboard.creators')} value={data.creators} />
          <Stat label={t('dashboard.users')} value={data.users} />
          <Stat
            label={t('dashboard.subscribers')}
            value={data.subscribers}
            detail={t('dashboard.subscribersDetail')}
          />
        </div>
      ) : null}
      <BillingFigures />
      <div className={styles.links}>
        {dashboardLinks.map((link) => (
          <Link key={link.to} className={buttonClassName(link.variant)} to={link.to}>
            {t(link.label)}
          </Link>
        ))}
      </div>
      <nav aria-labelledby="admin-integrations">
        <h2 id="admin-integrations" className={styles.statLabel}>
          {t('dashboard.integrations')}
        </h2>
        <div className={styles.links}>
          {integrationLinks.map((link) => (
            <Link key={link.to} className={buttonClassName('secondary')} to={link.to}>
              {t(link.label)}
            </Link>
          ))}
        </div>
      </nav>
    </section>
  );
}
