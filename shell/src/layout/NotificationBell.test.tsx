import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_WINDOW_EVENT, digestRoutes, notificationRoutes } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi, sseStream } from '@catalyst/web-kit/testing';
import NotificationBell, { BELL_STREAM_DELAY_MS } from './NotificationBell';
import { parseFrames } from './notificationStream';

const ada = { _id: 'a'.repeat(24), name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' as const };
const notification = {
  id: '7',
  type: 'reply' as const,
  title: 'Olga replied in “Hooks”',
  body: 'They live on the fiber.',
  link: '/browse/premium/product/x',
  createdAt: '2026-12-06T12:00:00.000Z',
  read: false,
};

beforeEach(() => {
  sessionStorage.setItem('token', 'member-token');
  act(() => session.loadUser(ada));
});
afterEach(() => {
  sessionStorage.clear();
  act(() => void session.logout({ revoke: false }));
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it('says how many are unread, to screen readers too, and follows the stream as notifications arrive and are read', async () => {
    const stream = sseStream();
    const server = fakeApi()
      .on(notificationRoutes.list, { items: [], nextCursor: null, unread: 1 })
      .on(notificationRoutes.events, () => stream.response);
    const seen: unknown[] = [];
    const listen = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(NOTIFICATION_WINDOW_EVENT, listen);
    try {
      // on the notification centre the stream opens at once
      render(
        <MemoryRouter initialEntries={['/notifications']}>
          <NotificationBell />
        </MemoryRouter>,
      );
      const bell = () => screen.getByTestId('notification-bell');
      expect(bell().getAttribute('href')).toBe('/notifications');
      await waitFor(() => expect(server.callsTo(notificationRoutes.events)).toHaveLength(1));
      expect(server.callsTo(notificationRoutes.events)[0]!.headers.get('Authorization')).toBe(
        'Bearer member-token',
      );
      act(() => stream.send('unread', { unread: 2 }));
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
      expect(bell().textContent).toBe('2');
      act(() => stream.send('notification', { notification, unread: 3 }));
      await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy());
      expect(seen).toContainEqual({ type: 'notification', notification, unread: 3 });
      act(() => stream.send('unread', { unread: 0 }));
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
      expect(bell().textContent).toBe('');
    } finally {
      window.removeEventListener(NOTIFICATION_WINDOW_EVENT, listen);
    }
  });

  it('elsewhere reads the count at once and leaves the stream until the page has settled', async () => {
    const server = fakeApi()
      .on(notificationRoutes.list, { items: [], nextCursor: null, unread: 4 })
      .on(notificationRoutes.events, () => sseStream().response);
    render(
      <MemoryRouter initialEntries={['/browse']}>
        <NotificationBell />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
        'Notifications, 4 unread',
      ),
    );
    expect(server.callsTo(notificationRoutes.list)[0]!.url).toContain('limit=1');
    expect(server.callsTo(notificationRoutes.events)).toHaveLength(0);
  });

  it("tells community the browser's time zone once the page has settled, once per account and zone", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.clear();
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const server = fakeApi()
        .on(notificationRoutes.list, { items: [], nextCursor: null, unread: 0 })
        .on(notificationRoutes.events, () => sseStream().response)
        .on(digestRoutes.saveSettings, ({ body }) => ({ weekly: true, timeZone: body.timeZone ?? 'UTC' }));
      const visit = () =>
        render(
          <MemoryRouter initialEntries={['/browse']}>
            <NotificationBell />
          </MemoryRouter>,
        );
      const first = visit();
      await waitFor(() => expect(server.callsTo(notificationRoutes.list)).toHaveLength(1));
      expect(server.callsTo(digestRoutes.saveSettings)).toHaveLength(0);
      act(() => void vi.advanceTimersByTime(BELL_STREAM_DELAY_MS));
      await waitFor(() => expect(server.callsTo(digestRoutes.saveSettings)).toHaveLength(1));
      expect(server.callsTo(digestRoutes.saveSettings)[0]!.body).toEqual({ timeZone: zone });
      await waitFor(() => expect(localStorage.getItem('catalyst:time-zone-sent')).toBe(`${ada._id}:${zone}`));
      first.unmount();
      // The next visit has nothing new to tell.
      visit();
      act(() => void vi.advanceTimersByTime(BELL_STREAM_DELAY_MS));
      await waitFor(() => expect(server.callsTo(notificationRoutes.events)).toHaveLength(2));
      expect(server.callsTo(digestRoutes.saveSettings)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      localStorage.clear();
    }
  });
});

describe('the stream parser', () => {
  it('reads whole frames, keeps the unfinished rest and skips comments and unknown events', () => {
    const { events, rest } = parseFrames(
      'retry: 3000\n\n: heartbeat\n\nevent: unread\ndata: {"type":"unread","unread":4}\n\nevent: other\ndata: {}\n\nevent: unr',
    );
    expect(events).toEqual([{ type: 'unread', unread: 4 }]);
    expect(rest).toBe('event: unr');
  });
});
