import { Link } from 'react-router-dom';
import { formatDate, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export function PrivacyPolicyPage() {
  const site = useSiteConfig();
  useDocumentTitle('Privacy Policy');
  return (
    <article className={styles.prose}>
      <h1>Privacy Policy</h1>
      <p className={styles.muted}>Last updated: {formatDate(new Date(), 'long')}</p>
      <h2>1. Who we are</h2>
      <p>{site.name} is a subscription learning catalogue. This policy explains what personal data we keep and why.</p>
      <h2>2. Data we collect</h2>
      <p>Your name, e-mail address, a hash of your password, your subscription status and your viewing progress.</p>
      <h2>3. Payments</h2>
      <p>Payments are handled by our card payment provider; we never see or store your full card number.</p>
      <h2>4. Cookies</h2>
      <p>We use essential storage to keep you signed in; other cookies only with your consent.</p>
      <h2>5. Your rights</h2>
      <p>You can update your data or delete your account from your profile settings at any time.</p>
      <p>
        See also our <Link to="/terms-and-conditions">Terms and Conditions</Link> or return <Link to="/">home</Link>.
      </p>
    </article>
  );
}
