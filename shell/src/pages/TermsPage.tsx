import { Link } from 'react-router-dom';
import { useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export function TermsPage() {
  const site = useSiteConfig();
  useDocumentTitle('Terms and Conditions');
  return (
    <article className={styles.prose}>
      <h1>Terms and Conditions</h1>
      <h2>1. Acceptance</h2>
      <p>By using {site.name} you agree to these terms. You must be at least 16 years old.</p>
      <h2>2. Subscriptions</h2>
      <p>
        Subscriptions are billed in advance and renew automatically. You can cancel at any time from your account
        settings; cancellation takes effect at the end of the billing period. Free trials may be offered.
      </p>
      <h2>3. Payments and refunds</h2>
      <p>Payments go through a card payment provider. Refunds are generally not given.</p>
      <h2>4. Liability</h2>
      <p>Our liability is capped at the amount you paid in the previous 12 months.</p>
      <h2>5. Governing law</h2>
      <p>Bulgarian law applies and the courts of Bulgaria have jurisdiction.</p>
      <p>
        See also our <Link to="/privacy-policy">Privacy Policy</Link> or return <Link to="/">home</Link>.
      </p>
    </article>
  );
}
