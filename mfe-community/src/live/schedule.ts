import { LIVE_QUESTIONS_OPEN_MINUTES_BEFORE, type LiveSession, type LiveStatus } from '@catalyst/contracts';
import { currentLanguage } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';

const t = communityStrings.t;

const pad = (value: number) => String(value).padStart(2, '0');

function parts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** What the countdown shows: '2 d 03:04:05', or '03:04:05' under a day. */
export function formatCountdown(ms: number): string {
  const { days, hours, minutes, seconds } = parts(ms);
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? t('live.countdownDays', { days, clock }) : clock;
}

/** What a screen reader is told, to the minute ('2 days 3 hours 4 minutes'; under a minute: 'less than a minute'). */
export function describeCountdown(ms: number): string {
  const { days, hours, minutes } = parts(ms);
  const said = [
    days ? t('time.days', { count: days }) : '',
    hours ? t('time.hours', { count: hours }) : '',
    minutes ? t('time.minutes', { count: minutes }) : '',
  ].filter(Boolean);
  return said.length > 0 ? said.join(' ') : t('time.lessThanMinute');
}

/**
 * The session's status now: the server's word, moved on by the clock (a page left open past the start
 * shows it live, past the end ended) until the server's own event says so.
 */
export function statusAt(
  session: Pick<LiveSession, 'status' | 'startsAt' | 'endsAt'>,
  now: number,
): LiveStatus {
  if (session.status === 'ended' || now >= Date.parse(session.endsAt)) return 'ended';
  if (session.status === 'live' || now >= Date.parse(session.startsAt)) return 'live';
  return 'scheduled';
}

/** Questions open this long before the start and close at the end (the server enforces the same window). */
export function questionsOpenAt(
  session: Pick<LiveSession, 'status' | 'startsAt' | 'endsAt'>,
  now: number,
): boolean {
  const status = statusAt(session, now);
  if (status === 'ended') return false;
  return (
    status === 'live' || now >= Date.parse(session.startsAt) - LIVE_QUESTIONS_OPEN_MINUTES_BEFORE * 60_000
  );
}

const startFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Thursday, November 26, 4:00 PM UTC' in the viewer's own time zone (another language: as Intl writes it there). */
export function formatStart(iso: string): string {
  const language = currentLanguage();
  let format = startFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    startFormats.set(language, format);
  }
  return format.format(new Date(iso));
}
