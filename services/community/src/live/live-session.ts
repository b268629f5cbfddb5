import { createEvent } from 'ics';
import {
  liveRoutes,
  productPagePath,
  routeUrl,
  type LiveQuestion,
  type LiveSession,
  type ProductStream,
} from '@catalyst/contracts';
import type { LiveQuestionRow, LiveSessionRow } from '../db/tables/live';
import { liveStatusAt, type SessionTimes } from './live-hub';

export const sessionTimes = (row: Pick<LiveSessionRow, 'starts_at' | 'duration_minutes'>): SessionTimes => ({
  startsAt: row.starts_at,
  endsAt: new Date(row.starts_at.getTime() + row.duration_minutes * 60_000),
});

/** The calendar file's address under the gateway (relative: the page's own origin). */
export const calendarPath = (productId: string) => routeUrl(liveRoutes.calendar, { params: { productId } });

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
export const sessionPageUrl = (publicUrl: string, row: Pick<LiveSessionRow, 'product_key'>) =>
  `${base(publicUrl)}${productPagePath(row.product_key)}`;

/** Google Calendar's "add event" template address (UTC times as yyyymmddThhmmssZ). */
export function googleCalendarUrl(row: LiveSessionRow, publicUrl: string): string {
  const { startsAt, endsAt } = sessionTimes(row);
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const page = sessionPageUrl(publicUrl, row);
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: row.title,
    dates: `${stamp(startsAt)}/${stamp(endsAt)}`,
    details: `Live Q&A: ${row.title}\n${page}`,
    location: page,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/**
 * The session as an iCalendar event (public: it names the product page, never the join link, which is
 * only for those who may open the product). One uid per product, so a moved session updates the entry.
 */
export function sessionCalendar(
  row: LiveSessionRow,
  { publicUrl, siteName }: { publicUrl: string; siteName: string },
): string {
  const page = sessionPageUrl(publicUrl, row);
  const { error, value } = createEvent({
    uid: `live-${row.product_id}@${new URL(publicUrl).hostname}`,
    productId: `${siteName}/live`,
    start: row.starts_at.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: row.duration_minutes },
    title: row.title,
    description: `Live Q&A session: ${row.title}\nJoin from the page: ${page}`,
    url: page,
    status: 'CONFIRMED',
    // Calendars keep the entry of the highest sequence: the minute of the last change grows with each one.
    sequence: Math.floor(row.updated_at.getTime() / 60_000),
  });
  if (error || !value) throw error ?? new Error('calendar event could not be made');
  return value;
}

/** A file name of the title's words: `live-q-a-react-in-depth.ics`. */
export const calendarFileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'live-session'
  }.ics`;

/** A session as its readers get it; the join link only before it ends (every reader of this answer may open the product). */
export function toLiveSession(
  row: LiveSessionRow,
  {
    now,
    publicUrl,
    registered,
    registrations,
    recording,
  }: {
    now: Date;
    publicUrl: string;
    registered: boolean;
    registrations: number;
    recording: ProductStream | null;
  },
): LiveSession {
  const times = sessionTimes(row);
  const status = liveStatusAt(times, now);
  return {
    productId: row.product_id,
    title: row.title,
    startsAt: times.startsAt.toISOString(),
    durationMinutes: row.duration_minutes,
    endsAt: times.endsAt.toISOString(),
    status,
    joinUrl: status === 'ended' ? null : row.join_url,
    registered,
    registrations,
    calendarUrl: calendarPath(row.product_id),
    googleCalendarUrl: googleCalendarUrl(row, publicUrl),
    recording: recording
      ? { assetId: recording.assetId, streamUrl: recording.url, posterUrl: recording.posterUrl }
      : null,
  };
}

/** Questions may be asked (and voted on) from LIVE_QUESTIONS_OPEN_MINUTES_BEFORE the start until the end. */
export function questionsOpen(row: LiveSessionRow, now: Date, openMinutesBefore: number): boolean {
  const { startsAt, endsAt } = sessionTimes(row);
  return now.getTime() >= startsAt.getTime() - openMinutesBefore * 60_000 && now < endsAt;
}

export function toEventQuestion(row: LiveQuestionRow): Omit<LiveQuestion, 'upvotedByMe' | 'mine'> {
  return {
    _id: row.id,
    productId: row.product_id,
    author: { _id: row.author_id, name: row.author_name, isAdmin: row.author_is_admin },
    body: row.body,
    upvotes: row.upvotes,
    answered: row.answered_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export const toLiveQuestion = (row: LiveQuestionRow & { voted: boolean }, userId: string): LiveQuestion => ({
  ...toEventQuestion(row),
  upvotedByMe: row.voted,
  mine: row.author_id === userId,
});
