import { Link } from 'react-router-dom';
import {
  LEARNING_RECORD_PATH,
  remoteTestId,
  SAVED_PATH,
  useDocumentTitle,
  useSession,
} from '@catalyst/web-kit';
import styles from './AccountPage.module.css';

/** The parts of an account, each a page of its own. */
const PARTS = [
  {
    to: '/profile',
    name: 'Profile',
    about: 'Your name, e-mail address and password, your data, closing the account.',
  },
  {
    to: '/subscription',
    name: 'Subscription',
    about: 'Your plan, what it includes, and switching between monthly and annual.',
  },
  {
    to: '/account/billing',
    name: 'Billing',
    about: 'Invoices and receipts, your card, and the details on your receipts.',
  },
  { to: '/gift', name: 'Give Premium', about: 'Buy 3, 6 or 12 months of Premium for someone else.' },
  { to: '/team', name: 'Team', about: 'Premium for 3 to 500 people: seats, members and invitations.' },
  {
    to: LEARNING_RECORD_PATH,
    name: 'Learning record',
    about: 'Courses, certificates, minutes per week and streaks.',
  },
  { to: SAVED_PATH, name: 'Saved for later', about: 'Courses you bookmarked in the catalogue.' },
  { to: '/downloads', name: 'Downloads', about: 'Lessons saved on this device to watch offline.' },
] as const;

/**
 * /account: who is signed in and where each part of the account is. A page the account remote publishes
 * with its release (its shell-routes.ts): the shell mounts it with no build of its own.
 */
export default function AccountPage() {
  useDocumentTitle('Your account');
  const { user } = useSession();
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>Your account</h1>
      {user && (
        <p className={styles.who}>Signed in as {user.name ? `${user.name} (${user.email})` : user.email}</p>
      )}
      <nav aria-label="Your account">
        <ul className={styles.parts}>
          {PARTS.map((part) => (
            <li key={part.to} className={styles.part}>
              <Link to={part.to}>{part.name}</Link>
              <p>{part.about}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
