import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXTS, liveRoutes, notificationRoutes, type LiveSession } from '@catalyst/contracts';
import { session as sessionStore } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import LiveBoard from '../live/LiveBoard';
import PushPrompt from './PushPrompt';

const PRODUCT = 'a'.repeat(24);
const ENDPOINT = 'https://push.example.com/send/abc';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

const liveSession = (productId: string, registered: boolean): LiveSession => ({
  productId,
  title: 'Ask me anything about CSS',
  startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  durationMinutes: 60,
  endsAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
  status: 'scheduled',
  joinUrl: null,
  registered,
  registrations: registered ? 8 : 7,
  calendarUrl: `/api/v1/community/live/${productId}/calendar.ics`,
  googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=x',
  recording: null,
});

/** A browser that can take pushes: its permission (asked only when `requestPermission` runs) and its push manager. */
function browserWithPush() {
  let subscribed: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: async () => true,
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => subscribed),
    subscribe: vi.fn(async () => (subscribed = subscription)),
  };
  const registration = { pushManager };
  const permission = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => (permission.permission = 'granted')),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', permission);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, permission };
}

function server() {
  return fakeApi()
    .on(liveRoutes.getSession, ({ params }) => liveSession(params.productId!, false))
    .on(liveRoutes.register, ({ params }) => liveSession(params.productId!, true))
    .on(notificationRoutes.pushKey, { publicKey: 'B'.repeat(87) })
    .on(notificationRoutes.pushSubscriptions, { subscriptions: [] })
    .on(notificationRoutes.subscribePush, ({ body }) => ({
      subscriptions: [
        {
          endpoint: (body as { endpoint: string }).endpoint,
          createdAt: new Date().toISOString(),
          lastSuccessAt: null,
        },
      ],
    }));
}

async function register() {
  const button = await screen.findByRole('button', { name: 'Register' });
  await act(async () => fireEvent.click(button));
  await screen.findByRole('button', { name: 'Cancel registration' });
}
const prompt = () => screen.queryByRole('region', { name: PUSH_TEXTS.prompt });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.setItem('token', 'member-token');
  sessionStore.loadUser({ _id: 'f'.repeat(24), name: 'Lee', email: 'lee@example.com', role: 'user' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await sessionStore.logout({ revoke: false });
});

describe('the push prompt after a meaningful action', () => {
  it('is offered once the learner registers, asks the browser only on the click, and stores the subscription', async () => {
    const { pushManager, permission } = browserWithPush();
    const api = server();
    render(<LiveBoard productId={PRODUCT} />);
    await screen.findByRole('button', { name: 'Register' });
    expect(prompt()).toBeNull();
    await register();
    const offer = await screen.findByRole('region', { name: PUSH_TEXTS.prompt });
    expect(permission.requestPermission).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: PUSH_TEXTS.turnOn })));
    await waitFor(() => expect(within(offer).getByRole('status').textContent).toBe(PUSH_TEXTS.on));
    expect(permission.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.callsTo(notificationRoutes.subscribePush).map((call) => call.body)).toEqual([
      { endpoint: ENDPOINT, keys: KEYS },
    ]);
  });

  it('after a follow, names the creator and turns on pushes of new courses, the other switches kept', async () => {
    browserWithPush();
    const kept = { type: 'creator-news' as const, inApp: false, email: true, push: false };
    const api = server()
      .on(notificationRoutes.preferences, { preferences: [kept], emailStopped: false })
      .on(notificationRoutes.savePreferences, {
        preferences: [{ ...kept, push: true }],
        emailStopped: false,
      });
    render(<PushPrompt followed="Maya Chen" />);
    const offer = await screen.findByRole('region', { name: PUSH_TEXTS.prompt });
    expect(offer.textContent).toContain('We can tell you here when Maya Chen publishes a new course');
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: PUSH_TEXTS.turnOn })));
    await waitFor(() => expect(within(offer).getByRole('status').textContent).toBe(PUSH_TEXTS.on));
    expect(api.callsTo(notificationRoutes.savePreferences).map((call) => call.body)).toEqual([
      { preferences: [{ ...kept, push: true }] },
    ]);
  });

  it('goes with "Not now" and is not offered again on this device', async () => {
    const { permission } = browserWithPush();
    server();
    const first = render(<LiveBoard productId={PRODUCT} />);
    await register();
    const offer = await screen.findByRole('region', { name: PUSH_TEXTS.prompt });
    fireEvent.click(within(offer).getByRole('button', { name: PUSH_TEXTS.notNow }));
    expect(prompt()).toBeNull();
    first.unmount();

    // another session's board, another day: registering there offers nothing any more
    render(<LiveBoard productId={'b'.repeat(24)} />);
    await register();
    // the board settled after the registration: still no prompt, and the browser was never asked
    await screen.findByText(/You're registered/);
    expect(prompt()).toBeNull();
    expect(permission.requestPermission).not.toHaveBeenCalled();
  });
});
