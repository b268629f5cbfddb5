import { Link } from 'react-router-dom';
import { useSession, useSiteConfig } from '@catalyst/web-kit';
import { openCookieSettings } from './CookieBanner';
import styles from './Footer.module.css';

export function Footer() {
  const site = useSiteConfig();
  const { isAuthenticated } = useSession();
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
        </div>
        <nav aria-label="Footer">
          <h2 className={styles.heading}>Explore</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/browse">Browse</Link>
            </li>
            <li>
              {/* visitors get the public page; a signed-in person their own plans page */}
              <Link to={isAuthenticated ? '/subscription' : '/pricing'}>Pricing</Link>
            </li>
            {isAuthenticated ? (
              <li>
                <Link to="/about">About</Link>
              </li>
            ) : null}
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms and Conditions</Link>
            </li>
            <li>
              <button type="button" className={styles.linkButton} onClick={openCookieSettings}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>
        {isAuthenticated && (site.contactEmail || site.contactPhone) ? (
          <div>
            <h2 className={styles.heading}>Contact</h2>
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
        <p suppressHydrationWarning>
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
