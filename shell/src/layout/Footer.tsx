import { Link } from 'react-router-dom';
import { LanguagePicker, useSession, useSiteConfig, useStrings } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import { openCookieSettings } from './CookieBanner';
import styles from './Footer.module.css';

export function Footer() {
  const site = useSiteConfig();
  const { isAuthenticated } = useSession();
  const t = useStrings(shellStrings);
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              {site.name.charAt(0)}
            </span>
            {site.name}
          </p>
          <p className={styles.tagline}>{site.tagline}</p>
          <LanguagePicker className={styles.language} />
        </div>
        <nav aria-label={t('footer.label')}>
          <h2 className={styles.heading}>{t('footer.explore')}</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/browse">{t('footer.browse')}</Link>
            </li>
            <li>
              {/* visitors get the public page; a signed-in person their own plans page */}
              <Link to={isAuthenticated ? '/subscription' : '/pricing'}>{t('footer.pricing')}</Link>
            </li>
            {isAuthenticated ? (
              <li>
                <Link to="/about">{t('footer.about')}</Link>
              </li>
            ) : null}
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
            </li>
            <li>
              <button type="button" className={styles.linkButton} onClick={openCookieSettings}>
                {t('footer.cookies')}
              </button>
            </li>
          </ul>
        </nav>
        {isAuthenticated && (site.contactEmail || site.contactPhone) ? (
          <div>
            <h2 className={styles.heading}>{t('footer.contact')}</h2>
            <ul className={styles.list}>
              {site.contactEmail ? (
                <li>
                  <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
                </li>
              ) : null}
              {site.contactPhone ? (
                <li>
                  <a href={`tel:${site.contactPhone.replace(/[^+\d]/g, '')}`}>{site.contactPhone}</a>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </div>
      <div className={styles.bottom}>
        {/* A first paint built in an earlier year keeps its year until the next render: no hydration error. */}
        <p suppressHydrationWarning>{t('footer.rights', { year, site: site.name })}</p>
      </div>
    </footer>
  );
}
