import { DIGEST_LAST_HOUR, DIGEST_LOCAL_HOUR } from '@catalyst/contracts';

const DAY_MS = 86_400_000;

/** A week's digest: its key (the local Monday, YYYY-MM-DD), when it fell due, and the days it covers. */
interface DigestWeek {
  /** The learner's local Monday the digest is for: with the learner, the week's unique key. */
  week: string;
  /** Monday DIGEST_LOCAL_HOUR:00 in the learner's zone. */
  dueAt: Date;
  /** The seven days before: learning time is kept per UTC day, so the Monday–Sunday before `week`. */
  from: string;
  to: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows this zone (a browser's resolvedOptions().timeZone always is one). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The digest due at `now` in `timeZone`: from Monday DIGEST_LOCAL_HOUR:00 until DIGEST_LAST_HOUR:00 local (a
 * morning e-mail: a sweep missed for a whole morning leaves that week out), else null.
 */
export function dueDigestWeek(timeZone: string, now: Date): DigestWeek | null {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  if (parts.weekday !== 'Mon' || hour < DIGEST_LOCAL_HOUR || hour >= DIGEST_LAST_HOUR) return null;
  const week = `${parts.year}-${parts.month}-${parts.day}`;
  const sinceDue =
    ((hour - DIGEST_LOCAL_HOUR) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000;
  const dueAt = new Date(Math.floor(now.getTime() / 1000) * 1000 - sinceDue);
  const monday = Date.parse(`${week}T00:00:00Z`);
  return { week, dueAt, from: day(monday - 7 * DAY_MS), to: week };
}
