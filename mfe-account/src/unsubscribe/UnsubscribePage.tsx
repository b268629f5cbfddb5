import { Check, MailX, X } from '@catalyst/web-kit/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMMUNITY_MESSAGES,
  isWellFormedUnsubscribeToken,
  type followRoutes,
  type RouteData,
} from '@catalyst/contracts';
import { NOTIFICATION_TYPE_LABELS } from '@catalyst/contracts/notification-terms';
import {
  Alert,
  api,
  Button,
  buttonClassName,
  Card,
  isApiRequestError,
  remoteTestId,
  useDocumentTitle,
} from '@catalyst/web-kit';
// The same card as the other pages a mailed link opens.
import styles from '../verify-email/VerifyEmailPage.module.css';

type Unsubscribed = RouteData<typeof followRoutes.unsubscribe>;
type State =
  | { status: 'ready' | 'sending' }
  | { status: 'done'; result: Unsubscribed }
  | { status: 'refused'; message: string };

export const UNSUBSCRIBE_UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/** What the person no longer gets, in words. */
export const unsubscribedFrom = (result: Unsubscribed) =>
  result.scope === 'thread' && result.threadTitle
    ? `You will no longer get e-mails about new replies to “${result.threadTitle}”.`
    : result.scope === 'creator'
      ? `You no longer follow ${result.creatorName ?? 'this creator'}: no more e-mails when they publish.`
      : result.scope === 'type' && result.notificationType
        ? `You will no longer get e-mails about: ${NOTIFICATION_TYPE_LABELS[result.notificationType].toLowerCase()}.`
        : result.scope === 'digest'
          ? 'You will no longer get the weekly e-mail. Turn it back on from your notification settings.'
          : 'You will no longer get any community e-mails.';

/**
 * /unsubscribe?token=: an e-mail's unsubscribe link, without signing in. Nothing happens on opening it (mail
 * scanners fetch links): the person confirms with Unsubscribe, which POSTs the token.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const wellFormed = isWellFormedUnsubscribeToken(token);
  const [state, setState] = useState<State>(() =>
    wellFormed ? { status: 'ready' } : { status: 'refused', message: COMMUNITY_MESSAGES.unsubscribeInvalid },
  );
  const [unreachable, setUnreachable] = useState(false);

  async function unsubscribe() {
    setState({ status: 'sending' });
    setUnreachable(false);
    try {
      const result = await api.follow.unsubscribe({ query: { token } });
      setState({ status: 'done', result });
    } catch (error) {
      if (isApiRequestError(error) && error.status > 0) {
        setState({ status: 'refused', message: error.message || COMMUNITY_MESSAGES.unsubscribeInvalid });
      } else {
        // Not reached: the link still works, so the button stays.
        setUnreachable(true);
        setState({ status: 'ready' });
      }
    }
  }

  return (
    <section className={styles.page} data-testid={remoteTestId('account')}>
      <Card className={styles.card}>
        {state.status === 'done' ? (
          <>
            <div className={styles.icon} aria-hidden="true">
              <Check size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>You&apos;re unsubscribed</h1>
            <p role="status">{unsubscribedFrom(state.result)}</p>
            <Link className={buttonClassName('secondary')} to="/">
              Go to the home page
            </Link>
          </>
        ) : state.status === 'refused' ? (
          <>
            <div className={`${styles.icon} ${styles.failed}`} aria-hidden="true">
              <X size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>Unsubscribe failed</h1>
            <p role="alert">{state.message}</p>
            <p className={styles.muted}>
              Use the link in your most recent e-mail, or sign in and stop following the discussion there.
            </p>
            <Link className={buttonClassName('secondary')} to="/">
              Go to the home page
            </Link>
          </>
        ) : (
          <>
            <div className={styles.icon} aria-hidden="true">
              <MailX size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>Unsubscribe from e-mails</h1>
            <p>Stop the e-mails this link was sent with? You do not need to sign in.</p>
            {unreachable ? <Alert tone="danger">{UNSUBSCRIBE_UNREACHABLE}</Alert> : null}
            <Button onClick={() => void unsubscribe()} loading={state.status === 'sending'}>
              Unsubscribe
            </Button>
          </>
        )}
      </Card>
    </section>
  );
}
