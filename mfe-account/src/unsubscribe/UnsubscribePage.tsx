import { Check, MailX, X } from '@catalyst/web-kit/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMMUNITY_MESSAGES,
  isWellFormedUnsubscribeToken,
  type followRoutes,
  type RouteData,
} from '@catalyst/contracts';
import {
  Alert,
  api,
  Button,
  buttonClassName,
  Card,
  isApiRequestError,
  remoteTestId,
  useDocumentTitle,
  useStrings,
  type Translate,
} from '@catalyst/web-kit';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
// The same card as the other pages a mailed link opens.
import styles from '../verify-email/VerifyEmailPage.module.css';

type Unsubscribed = RouteData<typeof followRoutes.unsubscribe>;
type State =
  | { status: 'ready' | 'sending' }
  | { status: 'done'; result: Unsubscribed }
  | { status: 'refused'; message: string };

/** The message when the server was not reached, in English (as tests read it). */
export const UNSUBSCRIBE_UNREACHABLE = accountStrings.english['unsubscribe.unreachable'];

type AccountText = Translate<typeof accountStrings.english>;
type NotificationType = NonNullable<Unsubscribed['notificationType']>;
/** A kind of notification, as it reads inside a sentence. */
const typeInSentence = (t: AccountText, type: NotificationType): string =>
  ({
    reply: t('notification.reply'),
    answer: t('notification.answer'),
    'live-starting': t('notification.liveStarting'),
    'creator-news': t('notification.creatorNews'),
    'assignment-due': t('notification.assignmentDue'),
    certificate: t('notification.certificate'),
    'payment-failed': t('notification.paymentFailed'),
  })[type];

/** What the person no longer gets, in words. */
const unsubscribedFrom = (t: AccountText, result: Unsubscribed) =>
  result.scope === 'thread' && result.threadTitle
    ? t('unsubscribe.thread', { title: result.threadTitle })
    : result.scope === 'creator'
      ? t('unsubscribe.creator', { creator: result.creatorName ?? t('unsubscribe.thisCreator') })
      : result.scope === 'type' && result.notificationType
        ? t('unsubscribe.type', { type: typeInSentence(t, result.notificationType) })
        : result.scope === 'digest'
          ? t('unsubscribe.digest')
          : t('unsubscribe.all');

/**
 * /unsubscribe?token=: an e-mail's unsubscribe link, without signing in. Nothing happens on opening it (mail
 * scanners fetch links): the person confirms with Unsubscribe, which POSTs the token.
 */
export default function UnsubscribePage() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useDocumentTitle(t('unsubscribe.documentTitle'));
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
            <h1>{t('unsubscribe.doneTitle')}</h1>
            <p role="status">{unsubscribedFrom(t, state.result)}</p>
            <Link className={buttonClassName('secondary')} to="/">
              {t('unsubscribe.home')}
            </Link>
          </>
        ) : state.status === 'refused' ? (
          <>
            <div className={`${styles.icon} ${styles.failed}`} aria-hidden="true">
              <X size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>{t('unsubscribe.failedTitle')}</h1>
            <p role="alert">{shownMessage(tw, t, state.message)}</p>
            <p className={styles.muted}>{t('unsubscribe.failedHint')}</p>
            <Link className={buttonClassName('secondary')} to="/">
              {t('unsubscribe.home')}
            </Link>
          </>
        ) : (
          <>
            <div className={styles.icon} aria-hidden="true">
              <MailX size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>{t('unsubscribe.title')}</h1>
            <p>{t('unsubscribe.lead')}</p>
            {unreachable ? <Alert tone="danger">{t('unsubscribe.unreachable')}</Alert> : null}
            <Button onClick={() => void unsubscribe()} loading={state.status === 'sending'}>
              {t('unsubscribe.button')}
            </Button>
          </>
        )}
      </Card>
    </section>
  );
}
