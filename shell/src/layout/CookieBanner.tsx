import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@catalyst/web-kit';
import styles from './Layout.module.css';

export const COOKIE_CONSENT_KEY = 'cookieConsent';

function storedConsent(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

export function CookieBanner() {
  const [consent, setConsent] = useState(storedConsent);
  if (consent) return null;
  const choose = (value: 'all' | 'essential') => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, value);
    } catch {
      // storage unavailable: hide for this visit only
    }
    setConsent(value);
  };
  return (
    <section className={styles.cookie} aria-label="Cookie consent">
      <div className={styles.cookieInner}>
        <p className={styles.cookieText}>
          <strong>We use cookies</strong> to keep you signed in and to improve the site. Read our{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
        <Button variant="secondary" onClick={() => choose('essential')}>
          Essential Only
        </Button>
        <Button onClick={() => choose('all')}>Accept All</Button>
      </div>
    </section>
  );
}
