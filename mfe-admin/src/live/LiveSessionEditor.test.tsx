import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COMMUNITY_MESSAGES,
  liveRoutes,
  assetRoutes,
  type AdminMediaAsset,
  type LiveSession,
} from '@catalyst/contracts';
import { failure, fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { LiveSessionEditor } from './LiveSessionEditor';

const id = (n: number) => n.toString(16).padStart(24, '0');
const PRODUCT = id(1);
const RECORDING = id(300);
const ADMIN_PATH = `/admin/community/live/${PRODUCT}`;

const asset = (n: number, name: string): AdminMediaAsset => ({
  id: id(n),
  kind: 'video',
  originalName: name,
  mimeType: 'video/mp4',
  size: 50_000_000,
  received: 50_000_000,
  status: 'ready',
  progress: 100,
  reprocessing: false,
  outdated: false,
  reason: null,
  durationSeconds: 3_600,
  width: 1920,
  height: 1080,
  posterUrl: null,
  streamUrl: null,
  storyboardUrl: null,
  renditions: [],
  images: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  usage: [],
});
/** What the editor sends to schedule a session. */
type SentSession = {
  startsAt: string;
  durationMinutes: number;
  joinUrl: string;
  recordingAssetId?: string | null;
};
const sessionFrom = (body: SentSession): LiveSession => {
  const starts = new Date(body.startsAt);
  return {
    productId: PRODUCT,
    title: 'Ask the Experts: CSS',
    startsAt: starts.toISOString(),
    durationMinutes: body.durationMinutes,
    endsAt: new Date(starts.getTime() + body.durationMinutes * 60_000).toISOString(),
    status: 'scheduled',
    joinUrl: body.joinUrl,
    registered: false,
    registrations: 0,
    calendarUrl: `/api/v1/community/live/${PRODUCT}/calendar.ics`,
    googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
    recording: body.recordingAssetId
      ? { assetId: body.recordingAssetId, streamUrl: '/media/stream.m3u8', posterUrl: null }
      : null,
  };
};

let fake: FakeApi;
let stored: LiveSession | null;
const zone = process.env.TZ;

beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
  stored = null;
  fake = fakeApi()
    .on(liveRoutes.getSession, () => stored ?? failure(404, COMMUNITY_MESSAGES.sessionNotFound))
    .on(liveRoutes.scheduleLive, ({ body }) =>
      success((stored = sessionFrom(body as SentSession)), { message: 'Live session scheduled' }),
    )
    .on(
      liveRoutes.cancelLive,
      () => ((stored = null), success({ productId: PRODUCT }, { message: 'Live session removed' })),
    )
    .on(assetRoutes.getAsset, asset(300, 'css-qa-recording.mp4'))
    .on(assetRoutes.listAssets, {
      items: [asset(300, 'css-qa-recording.mp4'), asset(301, 'intro.mp4')],
      total: 2,
      page: 1,
      limit: 20,
      outdated: 0,
    });
});
afterEach(() => {
  vi.unstubAllGlobals();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const writes = () =>
  fake.calls
    .filter((call) => call.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body: body as SentSession | undefined }));
const NOTHING_SCHEDULED =
  'No live session is scheduled. Members see a countdown, can register and get a reminder an hour before.';
/** The session's facts as the panel lists them: { Status, Starts, Ends, Registered }. */
const facts = () =>
  Object.fromEntries(
    within(screen.getByTestId('live-session-current'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
/** The attached recording's file name. */
const recordingName = () => screen.getByTestId('live-recording').querySelector('span')?.textContent;
/** The panel's dismissable notice: a status for what worked, an alert for what was refused. */
const notice = () => {
  const box = screen.queryByRole('button', { name: 'Dismiss' })?.closest('[role="status"], [role="alert"]');
  return box ? { role: box.getAttribute('role'), text: box.firstElementChild?.textContent } : null;
};
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) =>
  document.getElementById(
    input
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!,
  )?.textContent;

describe("a webinar's live session", () => {
  it('says none is scheduled, checks the fields with the server’s rule, then schedules it at the local time with its offset', async () => {
    const user = userEvent.setup();
    render(<LiveSessionEditor productId={PRODUCT} />);
    expect((await screen.findByText(/^No live session/)).textContent).toBe(NOTHING_SCHEDULED);
    expect(screen.queryByRole('button', { name: 'Remove session' })).toBeNull();

    await user.clear(field('Duration (minutes)'));
    await user.type(field('Duration (minutes)'), '5');
    await user.type(field('Join link'), 'ftp://files.example/join');
    await user.click(screen.getByRole('button', { name: 'Schedule session' }));
    expect(errorOf(field('Starts at'))).toBe('Start time must be a date and time');
    expect(errorOf(field('Duration (minutes)'))).toBe('Duration must be at least 10 minutes');
    expect(errorOf(field('Join link'))).toBe('Join link must be an http(s) address');
    expect(field('Join link').getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toHaveLength(0);

    await user.type(field('Starts at'), '2026-12-01T18:30');
    await user.clear(field('Duration (minutes)'));
    await user.type(field('Duration (minutes)'), '90');
    await user.clear(field('Join link'));
    await user.type(field('Join link'), 'https://meet.example/css-qa');
    // A field's error goes as it is corrected.
    expect(field('Join link').getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Schedule session' }));

    await waitFor(() => expect(notice()).toEqual({ role: 'status', text: 'Live session scheduled' }));
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: ADMIN_PATH,
        body: {
          startsAt: '2026-12-01T18:30:00+01:00',
          durationMinutes: 90,
          joinUrl: 'https://meet.example/css-qa',
          recordingAssetId: null,
        },
      },
    ]);
    expect(facts()).toMatchObject({
      Status: 'Scheduled',
      Starts: 'Dec 1, 2026, 6:30 PM',
      Ends: 'Dec 1, 2026, 8:00 PM',
    });
    expect(field('Starts at').value).toBe('2026-12-01T18:30');
    expect((screen.getByRole('button', { name: 'Save session' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the session as stored, with its recording, and the server’s field errors beside the fields', async () => {
    stored = {
      ...sessionFrom({
        startsAt: '2026-12-01T17:30:00.000Z',
        durationMinutes: 60,
        joinUrl: 'https://meet.example/a',
        recordingAssetId: RECORDING,
      }),
      registrations: 12,
    };
    fake.fail(liveRoutes.scheduleLive, 400, 'Validation failed', [
      { field: 'startsAt', message: 'Start time must be in the future' },
      { field: 'recordingAssetId', message: 'The recording must be a ready video' },
    ]);
    const user = userEvent.setup();
    render(<LiveSessionEditor productId={PRODUCT} />);
    expect(await screen.findByDisplayValue('2026-12-01T18:30')).toBe(field('Starts at'));
    expect(field('Duration (minutes)').value).toBe('60');
    expect(field('Join link').value).toBe('https://meet.example/a');
    expect(facts().Registered).toBe('12');
    await waitFor(() => expect(recordingName()).toBe('css-qa-recording.mp4'));

    await user.click(screen.getByRole('button', { name: 'Save session' }));
    await waitFor(() => expect(errorOf(field('Starts at'))).toBe('Start time must be in the future'));
    expect(within(screen.getByTestId('live-recording').parentElement!).getByRole('alert').textContent).toBe(
      'The recording must be a ready video',
    );
    expect(notice()).toEqual({ role: 'alert', text: 'Validation failed' });
    expect(writes()[0]!.body).toMatchObject({
      startsAt: '2026-12-01T18:30:00+01:00',
      recordingAssetId: RECORDING,
    });
  });

  it("shows a refusal without fields (not a webinar) as the server's message", async () => {
    fake.fail(liveRoutes.scheduleLive, 409, COMMUNITY_MESSAGES.notWebinar);
    const user = userEvent.setup();
    render(<LiveSessionEditor productId={PRODUCT} />);
    await screen.findByText(/No live session is scheduled/);
    await user.type(field('Starts at'), '2026-12-01T18:30');
    await user.type(field('Join link'), 'https://meet.example/x');
    await user.click(screen.getByRole('button', { name: 'Schedule session' }));
    await waitFor(() => expect(notice()).toEqual({ role: 'alert', text: COMMUNITY_MESSAGES.notWebinar }));
  });

  it('attaches a recording picked from the media library, and removes the session after asking', async () => {
    stored = sessionFrom({
      startsAt: '2026-12-01T17:30:00.000Z',
      durationMinutes: 60,
      joinUrl: 'https://meet.example/a',
    });
    const user = userEvent.setup();
    render(<LiveSessionEditor productId={PRODUCT} />);
    await user.click(await screen.findByRole('button', { name: 'Choose recording' }));
    const picker = screen.getByRole('dialog', { name: 'Choose the recording' });
    await user.click(await within(picker).findByRole('button', { name: 'Choose: css-qa-recording.mp4' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(recordingName()).toBe('css-qa-recording.mp4'));
    await user.click(screen.getByRole('button', { name: 'Save session' }));
    await screen.findByText('Live session scheduled');
    expect(writes()[0]!.body?.recordingAssetId).toBe(RECORDING);

    await user.click(screen.getByRole('button', { name: 'Remove session' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove live session' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notice()).toEqual({ role: 'status', text: 'Live session removed' }));
    expect(writes().at(-1)).toEqual({ method: 'DELETE', path: ADMIN_PATH, body: undefined });
    expect(screen.getByText(/^No live session/).textContent).toBe(NOTHING_SCHEDULED);
    expect(field('Join link').value).toBe('');
  });
});
