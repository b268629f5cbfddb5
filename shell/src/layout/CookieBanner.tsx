import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@catalyst/web-kit';
import styles from './CookieBanner.module.css';

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'all' | 'essential';

function storedConsent(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

/**
 * Fixed at the bottom until the visitor chooses; the choice is kept in localStorage.cookieConsent. It is
 * read after the first render, which is the same for every visitor: the build-time first paint
 * (first-paint.tsx) cannot know a returning visitor's choice, and the page hydrates it as it is.
 */
export function CookieBanner() {
  const [consent, setConsent] = useState<string | null | undefined>(undefined);
  useEffect(() => setConsent(storedConsent()), []);
  if (consent !== null) return null;
  const choose = (value: CookieConsent) => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, value);
    } catch {
      // storage unavailable: hide for this visit only
    }
    setConsent(value);
  };
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" className={styles.title}>
            We use cookies
          </h2>
          <p className={styles.body}>
            Essential storage keeps you signed in and remembers this choice. With your permission we also use optional
            cookies to understand how the site is used. Read our <Link to="/privacy-policy">privacy policy</Link>.
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => choose('essential')}>
            Essential Only
          </Button>
          <Button onClick={() => choose('all')}>Accept All</Button>
        </div>
      </div>
    </section>
  );
}
