import { Link } from 'react-router-dom';
import {
  LEARNING_RECORD_PATH,
  remoteTestId,
  SAVED_PATH,
  useDocumentTitle,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import styles from './AccountPage.module.css';

/** The parts of an account, each a page of its own. */
const PARTS = [
  { to: '/profile', name: 'account.profile', about: 'account.profileAbout' },
  { to: '/subscription', name: 'account.subscription', about: 'account.subscriptionAbout' },
  { to: '/account/billing', name: 'account.billing', about: 'account.billingAbout' },
  { to: '/gift', name: 'account.gift', about: 'account.giftAbout' },
  { to: '/team', name: 'account.team', about: 'account.teamAbout' },
  { to: LEARNING_RECORD_PATH, name: 'account.learning', about: 'account.learningAbout' },
  { to: SAVED_PATH, name: 'account.saved', about: 'account.savedAbout' },
  { to: '/downloads', name: 'account.downloads', about: 'account.downloadsAbout' },
] as const;

/**
 * /account: who is signed in and where each part of the account is. A page the account remote publishes
 * with its release (its shell-routes.ts): the shell mounts it with no build of its own.
 */
export default function AccountPage() {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('account.documentTitle'));
  const { user } = useSession();
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>{t('account.title')}</h1>
      {user && (
        <p className={styles.who}>
          {t('account.signedInAs', {
            who: user.name ? t('account.nameAndEmail', { name: user.name, email: user.email }) : user.email,
          })}
        </p>
      )}
      <nav aria-label={t('account.nav')}>
        <ul className={styles.parts}>
          {PARTS.map((part) => (
            <li key={part.to} className={styles.part}>
              <Link to={part.to}>{t(part.name)}</Link>
              <p>{t(part.about)}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
