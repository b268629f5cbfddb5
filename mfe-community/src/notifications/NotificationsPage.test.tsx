import { act } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_WINDOW_EVENT,
  PUSH_TEXTS,
  digestRoutes,
  notificationRoutes,
  type Notification,
  type NotificationPreference,
} from '@catalyst/contracts';
import { session, setLanguage } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import NotificationSettingsPage from './NotificationSettingsPage';
import NotificationsPage from './NotificationsPage';

const note = (id: string, title: string, read = false): Notification => ({
  id,
  type: 'reply',
  title,
  body: 'They live on the fiber.',
  link: `/browse/premium/product/p${id}`,
  createdAt: '2026-12-06T12:00:00.000Z',
  read,
});

beforeEach(() =>
  act(() =>
    session.loadUser({ _id: 'f'.repeat(24), name: 'Maya Member', email: 'maya@example.com', role: 'user' }),
  ),
);
afterEach(async () => {
  act(() => void session.logout({ revoke: false }));
  vi.unstubAllGlobals();
  await setLanguage('en', { keep: false });
});

const mount = (page = <NotificationsPage />) => render(<MemoryRouter>{page}</MemoryRouter>);
const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('the notification centre page', () => {
  it('lists the notifications newest first, links each to its page and marks one or all read', async () => {
    const server = fakeApi()
      .on(notificationRoutes.list, {
        items: [
          note('3', 'Olga replied in “Hooks”'),
          note('2', 'Live Q&A starts in 9 minutes'),
          note('1', 'Old', true),
        ],
        nextCursor: null,
        unread: 2,
      })
      .on(notificationRoutes.markRead, { unread: 1 })
      .on(notificationRoutes.markAllRead, { unread: 0 });
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notifications');
    expect(screen.getByText('2 unread')).toBeTruthy();
    const first = within(rows()[0]!);
    expect(first.getByRole('link').getAttribute('href')).toBe('/browse/premium/product/p3');
    expect(first.getByRole('link').textContent).toBe('Unread: Olga replied in “Hooks”');
    expect(within(rows()[2]!).queryByRole('button')).toBeNull();

    fireEvent.click(first.getByRole('button', { name: 'Mark “Olga replied in “Hooks”” as read' }));
    await waitFor(() => expect(screen.getByText('1 unread')).toBeTruthy());
    expect(server.callsTo(notificationRoutes.markRead, { notificationId: '3' })).toHaveLength(1);
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByText('All read')).toBeTruthy());
    expect(rows().every((row) => within(row).queryByRole('button') === null)).toBe(true);
  });

  it('shows a notification the bell hears of at the top, at once', async () => {
    fakeApi().on(notificationRoutes.list, { items: [note('1', 'Old', true)], nextCursor: null, unread: 0 });
    mount();
    await waitFor(() => expect(rows()).toHaveLength(1));
    act(() => {
      window.dispatchEvent(
        new CustomEvent(NOTIFICATION_WINDOW_EVENT, {
          detail: { type: 'notification', notification: note('5', 'Ben replied in “Grid”'), unread: 1 },
        }),
      );
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByRole('link').textContent).toBe('Unread: Ben replied in “Grid”');
    expect(screen.getByText('1 unread')).toBeTruthy();
    // all marked read in another tab, then one more arrives: only that one is unread
    const raise = (detail: unknown) =>
      act(() => void window.dispatchEvent(new CustomEvent(NOTIFICATION_WINDOW_EVENT, { detail })));
    raise({ type: 'unread', unread: 0 });
    await waitFor(() => expect(screen.getByText('All read')).toBeTruthy());
    raise({ type: 'notification', notification: note('6', 'Cleo replied in “Grid”'), unread: 1 });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Unread: Cleo replied in “Grid”',
      'Ben replied in “Grid”',
      'Old',
    ]);
  });

  it('says so when there is nothing yet', async () => {
    fakeApi().on(notificationRoutes.list, { items: [], nextCursor: null, unread: 0 });
    mount();
    expect((await screen.findByRole('heading', { name: 'Nothing yet' })).textContent).toBe('Nothing yet');
  });
});

describe('the notification settings page', () => {
  it('saves per-type choices for the app, e-mail and devices, e-mail only where community mails', async () => {
    const preferences: NotificationPreference[] = [
      { type: 'reply', inApp: true, email: true, push: true },
      { type: 'certificate', inApp: true, email: null, push: false },
    ];
    const server = fakeApi()
      .on(notificationRoutes.preferences, { preferences, emailStopped: false })
      .on(notificationRoutes.savePreferences, ({ body }) => ({
        preferences: (body as { preferences: NotificationPreference[] }).preferences,
        emailStopped: false,
      }));
    mount(<NotificationSettingsPage />);
    const replyMail = await screen.findByRole('checkbox', {
      name: 'Replies in discussions you follow: by e-mail',
    });
    expect(screen.queryByRole('checkbox', { name: 'Certificates issued to you: by e-mail' })).toBeNull();
    fireEvent.click(replyMail);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Certificates issued to you: in the app' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Certificates issued to you: on your devices' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    const [call] = server.callsTo(notificationRoutes.savePreferences);
    expect(call!.body).toEqual({
      preferences: [
        { type: 'reply', inApp: true, email: false, push: true },
        { type: 'certificate', inApp: false, email: null, push: true },
      ],
    });
    // this browser (jsdom) has no push: the page says so and offers no switch
    const device = await screen.findByRole('region', { name: 'On this device' });
    expect(within(device).getByRole('status').textContent).toBe(PUSH_TEXTS.unsupported);
    expect(within(device).queryByRole('button')).toBeNull();
  });

  it('speaks Spanish: its heading, columns, each kind and switch, and the weekly e-mail', async () => {
    fakeApi()
      .on(notificationRoutes.preferences, {
        preferences: [{ type: 'reply', inApp: true, email: true, push: true }],
        emailStopped: false,
      })
      .on(digestRoutes.settings, { weekly: true, timeZone: 'Europe/Madrid' });
    await setLanguage('es', { keep: false });
    mount(<NotificationSettingsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ajustes de notificaciones');
    const replyMail = await screen.findByRole('checkbox', {
      name: 'Respuestas en conversaciones que sigues: por correo',
    });
    expect(replyMail).toHaveProperty('checked', true);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Avisarme de',
      'En la aplicación',
      'Por correo',
      'En tus dispositivos',
    ]);
    expect(screen.getByRole('button', { name: 'Guardar ajustes' }).textContent).toBe('Guardar ajustes');
    expect((await screen.findByRole('heading', { name: 'Correo semanal' })).textContent).toBe(
      'Correo semanal',
    );
  });
});
