import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Button, useStrings, withPart } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './CookieBanner.module.css';

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'all' | 'essential';

/** A choice made where storage is unavailable: it holds for this visit only. */
let choiceThisVisit: CookieConsent | null = null;
/** The footer's "Cookie settings" opened the banner again, over a choice already made. */
let reopened = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function storedConsent(): string | null {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) ?? choiceThisVisit;
  } catch {
    return choiceThisVisit;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function choose(value: CookieConsent): void {
  choiceThisVisit = value;
  reopened = false;
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // storage unavailable: hidden for this visit only
  }
  notify();
}

/** Shows the banner again so the choice can be changed (the footer's "Cookie settings"). */
export function openCookieSettings(): void {
  reopened = true;
  notify();
}

/** What the banner shows: nothing once a choice is made, unless reopened; the choice itself when there is one. */
const bannerState = () => (reopened ? `reopened:${storedConsent() ?? ''}` : storedConsent());

/**
 * What the build-time first paint (first-paint.tsx) assumes, not knowing the visitor: no banner. A page
 * hydrating that paint renders this first too, then the stored choice; any other render reads the choice at once.
 */
const firstPaintConsent = () => 'unknown';

/** Fixed at the bottom until the visitor chooses; the choice is kept in localStorage.cookieConsent. */
export function CookieBanner() {
  const state = useSyncExternalStore(subscribe, bannerState, firstPaintConsent);
  const t = useStrings(shellStrings);
  if (state && !state.startsWith('reopened:')) return null;
  const current = state?.slice('reopened:'.length);
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" className={styles.title}>
            {t('cookies.title')}
          </h2>
          <p className={styles.body}>
            {t('cookies.body')}{' '}
            {withPart(
              t('cookies.readPolicy'),
              'link',
              <Link to="/privacy-policy">{t('cookies.policyLink')}</Link>,
            )}
          </p>
          {current ? (
            <p className={styles.body}>
              {t('cookies.current', { choice: t(current === 'all' ? 'cookies.all' : 'cookies.essential') })}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => choose('essential')}>
            {t('cookies.essentialButton')}
          </Button>
          <Button onClick={() => choose('all')}>{t('cookies.acceptButton')}</Button>
        </div>
      </div>
    </section>
  );
}
