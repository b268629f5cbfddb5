import { useState, type ReactNode } from 'react';
import { CalendarPlus, ExternalLink, Radio } from '@catalyst/web-kit/icons';
import type { LiveSession } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  buttonClassName,
  isApiRequestError,
  remoteTestId,
  Spinner,
  useApiData,
  useStrings,
} from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import PushPrompt from '../notifications/PushPrompt';
import { messageOf } from '../shared/errors';
import { useAction } from '../shared/useAction';
import { useNow } from '../shared/useNow';
import { QuestionBoard } from './QuestionBoard';
import { describeCountdown, formatCountdown, formatStart, questionsOpenAt, statusAt } from './schedule';
import { withStatus } from './useLiveBoard';
import styles from './LiveBoard.module.css';

/** A recording to play: its signed HLS stream (and poster). */
export type LiveRecording = NonNullable<LiveSession['recording']>;

export interface LiveBoardProps {
  /** The webinar product's `_id`. */
  productId: string;
  /**
   * Plays the recording with the host page's own player (the player remote passes its HLS player, so
   * there is one player, not a copy per remote); without it, a plain video element plays it.
   */
  renderRecording?: (recording: LiveRecording, title: string) => ReactNode;
}

/**
 * A webinar's live session on its product page: when it starts (a countdown), the calendar links,
 * registration, "Live now" with the join link while it runs, the question board around it, and the
 * recording afterwards. A product with no session scheduled shows nothing.
 */
export default function LiveBoard({ productId, renderRecording }: LiveBoardProps) {
  const t = useStrings(communityStrings);
  const read = useApiData(api.live.getSession, { params: { productId } });
  // Each answer of the read replaces the session; the page's own changes (registration, status events) apply on top.
  const [session, setSession] = useState<LiveSession | undefined>(read.data);
  const [adopted, setAdopted] = useState(read.data);
  if (read.data !== adopted) {
    setAdopted(read.data);
    setSession(read.data);
  }

  if (read.isLoading && !session) return <Spinner message={t('live.loading')} />;
  // no session scheduled (or not a webinar): the product page goes on without this section
  if (isApiRequestError(read.error) && read.error.status === 404) return null;
  if (read.error || !session) {
    return (
      <section className={styles.board} data-testid={remoteTestId('community')} aria-label={t('live.label')}>
        <Alert tone="danger">
          {messageOf(read.error)}{' '}
          <Button size="sm" variant="secondary" onClick={read.reload}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      </section>
    );
  }
  return <SessionView session={session} onChange={setSession} renderRecording={renderRecording} />;
}

function SessionView({
  session,
  onChange,
  renderRecording,
}: {
  session: LiveSession;
  onChange: (session: LiveSession) => void;
  renderRecording?: LiveBoardProps['renderRecording'];
}) {
  const t = useStrings(communityStrings);
  // the countdown ticks each second until the end; afterwards nothing on this page changes with time
  const now = useNow(1_000, (reading) => statusAt(session, reading) !== 'ended');
  const status = statusAt(session, now);
  const boardOpen = questionsOpenAt(session, now);
  const { busy, failure, run } = useAction();

  // Registering is a moment worth offering push notifications for this device (never on a first visit).
  const [justRegistered, setJustRegistered] = useState(false);
  const toggleRegistration = () =>
    run(async () => {
      const input = { params: { productId: session.productId } };
      const changed = await (session.registered ? api.live.unregister(input) : api.live.register(input));
      setJustRegistered(changed.registered);
      onChange(changed);
    });

  return (
    <section
      className={styles.board}
      data-testid={remoteTestId('community')}
      aria-labelledby="live-session-title"
    >
      <header className={styles.head}>
        <h2 id="live-session-title" className={styles.title}>
          {t('live.title')}
        </h2>
        {status === 'live' ? (
          <Badge tone="danger" className={styles.liveBadge}>
            <Radio size={14} aria-hidden="true" focusable="false" /> {t('live.now')}
          </Badge>
        ) : status === 'ended' ? (
          <Badge>{t('live.ended')}</Badge>
        ) : null}
      </header>
      <p className={styles.when}>
        <time dateTime={session.startsAt}>{formatStart(session.startsAt)}</time> ·{' '}
        {t('live.minutes', { count: session.durationMinutes })}
      </p>

      {status === 'scheduled' ? <Countdown startsAt={session.startsAt} now={now} /> : null}

      {status === 'live' ? (
        session.joinUrl ? (
          <a
            className={[buttonClassName('primary'), styles.join].join(' ')}
            href={session.joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="live-join"
          >
            {t('live.join')} <ExternalLink size={16} aria-hidden="true" focusable="false" />
            <span className="ck-visually-hidden"> {t('common.newTab')}</span>
          </a>
        ) : (
          <p className={styles.muted}>{t('live.noLink')}</p>
        )
      ) : null}

      {status !== 'ended' ? (
        <div className={styles.actions}>
          <Button
            variant={session.registered ? 'secondary' : 'primary'}
            size="sm"
            onClick={() => void toggleRegistration()}
            loading={busy}
          >
            {session.registered ? t('live.unregister') : t('live.register')}
          </Button>
          <a className={buttonClassName('secondary', 'sm')} href={session.calendarUrl} download>
            <CalendarPlus size={16} aria-hidden="true" focusable="false" /> {t('live.calendar')}
          </a>
          <a
            className={buttonClassName('ghost', 'sm')}
            href={session.googleCalendarUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('live.google')}
            <span className="ck-visually-hidden"> {t('common.newTab')}</span>
          </a>
          <span className={styles.muted} role="status">
            {session.registered ? `${t('live.registered')} ` : ''}
            {t('live.registrations', { count: session.registrations })}
          </span>
        </div>
      ) : null}
      {failure ? <Alert tone="danger">{messageOf(failure)}</Alert> : null}
      {justRegistered && session.registered && status !== 'ended' ? <PushPrompt /> : null}

      {status === 'ended' ? (
        session.recording ? (
          <div className={styles.recording} data-testid="live-recording">
            <h3 className={styles.subtitle}>{t('live.recording')}</h3>
            {renderRecording ? (
              renderRecording(session.recording, session.title)
            ) : (
              <PlainRecording recording={session.recording} title={session.title} />
            )}
          </div>
        ) : (
          <p className={styles.muted}>{t('live.endedNote')}</p>
        )
      ) : null}

      {boardOpen ? (
        <QuestionBoard
          productId={session.productId}
          onSession={(event) => onChange(withStatus(session, event))}
        />
      ) : null}
    </section>
  );
}

/** The countdown: shown to the second, told to screen readers to the minute (and never announced on its own). */
function Countdown({ startsAt, now }: { startsAt: string; now: number }) {
  const t = useStrings(communityStrings);
  const left = Date.parse(startsAt) - now;
  return (
    <p className={styles.countdown} role="timer" data-testid="live-countdown">
      <span aria-hidden="true">{t('live.startsIn', { time: formatCountdown(left) })}</span>
      <span className="ck-visually-hidden">{t('live.startsIn', { time: describeCountdown(left) })}</span>
    </p>
  );
}

/** Without the host's player: the browser's own (Safari plays HLS natively). */
function PlainRecording({ recording, title }: { recording: LiveRecording; title: string }) {
  const t = useStrings(communityStrings);
  return (
    // eslint-disable-next-line jsx-a11y-x/media-has-caption -- a live recording has no captions to give yet (LiveSession.recording holds none)
    <video
      className={styles.video}
      src={recording.streamUrl}
      poster={recording.posterUrl ?? undefined}
      controls
      preload="metadata"
      aria-label={t('live.recordingLabel', { title })}
    />
  );
}
