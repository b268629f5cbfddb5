import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { adminUserMessages, adminUserRoutes, type AdminUser } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { session, setLanguage } from '@catalyst/web-kit';
import { UserListPage } from './UserListPage';
import { flashMessage, rowCells } from '../testing/adminPage';

const me: AdminUser = {
  _id: 'a'.repeat(24),
  name: 'Ada Admin',
  email: 'admin@catalyst.test',
  role: 'admin',
  emailVerified: true,
  createdAt: '2026-01-02T10:00:00.000Z',
  lastActiveAt: '2026-12-05T08:00:00.000Z',
  deactivatedAt: null,
  plan: 'premium',
};
const learner: AdminUser = {
  _id: 'b'.repeat(24),
  name: 'Lee Learner',
  email: 'learner@catalyst.test',
  role: 'user',
  emailVerified: false,
  createdAt: '2026-03-04T10:00:00.000Z',
  lastActiveAt: null,
  deactivatedAt: null,
  plan: 'free',
};

let fake: FakeApi;
beforeEach(() => {
  session.loadUser({ _id: me._id, name: me.name, email: me.email, role: 'admin' });
  fake = fakeApi()
    .on(adminUserRoutes.list, { items: [me, learner], total: 2, page: 1, limit: 20 })
    .on(adminUserRoutes.revokeSessions, success(learner, { message: adminUserMessages.sessionsRevoked }))
    .on(
      adminUserRoutes.deactivate,
      success(
        { ...learner, deactivatedAt: '2026-12-05T09:00:00.000Z' },
        { message: adminUserMessages.deactivated },
      ),
    );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { keep: false });
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/users']}>
      <UserListPage />
    </MemoryRouter>,
  );
const rowOf = async (name: string) =>
  (await screen.findAllByTestId('user-row')).find((row) => within(row).queryByText(name))!;
const lastQuery = () => Object.fromEntries(fake.callsTo(adminUserRoutes.list).at(-1)!.query);
const posts = () => fake.calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('the users list', () => {
  it('shows each account: name, e-mail, role, verification, plan, status and last activity', async () => {
    renderPage();
    expect(rowCells(await rowOf('Lee Learner'))).toMatchObject({
      Name: 'Lee Learner',
      'E-mail': 'learner@catalyst.test',
      Role: 'Learner',
      Verified: 'Not verified',
      Plan: 'Free',
      Status: 'Active',
      'Last active': 'Never',
    });
    expect(rowCells(await rowOf('Ada Admin'))).toMatchObject({
      Role: 'Admin',
      Verified: 'Verified',
      Plan: 'Premium',
    });
    // An admin cannot deactivate themself; a verified account has nothing to resend.
    const mine = await rowOf('Ada Admin');
    expect(within(mine).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(within(mine).queryByRole('button', { name: /Resend verification/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/users/audit');
  });

  it('sends the search and the filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('Lee Learner');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), ' lee {Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'lee', page: '1', limit: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Learner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'Not verified');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Deactivated');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        search: 'lee',
        role: 'user',
        verified: 'unverified',
        status: 'deactivated',
        page: '1',
        limit: '20',
      }),
    );
  });

  it('asks before revoking sessions, and nothing is sent when cancelled', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf('Lee Learner');
    await user.click(
      within(row).getByRole('button', { name: 'Revoke sessions: Lee Learner (learner@catalyst.test)' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke sessions' });
    expect(dialog.textContent).toContain('Sign Lee Learner (learner@catalyst.test) out everywhere?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toEqual([]);

    await user.click(
      within(row).getByRole('button', { name: 'Revoke sessions: Lee Learner (learner@catalyst.test)' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke sessions' })).getByRole('button', {
        name: 'Revoke sessions',
      }),
    );
    await waitFor(() => expect(flashMessage()).toBe(adminUserMessages.sessionsRevoked));
    expect(posts()).toEqual([`/admin/users/${learner._id}/revoke-sessions`]);
  });

  it('deactivates after confirmation: the row turns Deactivated and offers Reactivate', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('Lee Learner')).getByRole('button', {
        name: 'Deactivate: Lee Learner (learner@catalyst.test)',
      }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate' })).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(flashMessage()).toBe(adminUserMessages.deactivated));
    const row = await rowOf('Lee Learner');
    expect(rowCells(row).Status).toBe('Deactivated');
    expect(within(row).getByRole('button', { name: /Reactivate/ }).textContent).toBe('Reactivate');
    expect(posts()).toEqual([`/admin/users/${learner._id}/deactivate`]);
  });

  it('shows the accounts in German: headings, badges, dates and the question before a deactivation', async () => {
    const user = userEvent.setup();
    await setLanguage('de', { keep: false });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nutzer');
    const row = await rowOf('Lee Learner');
    expect(rowCells(row)).toMatchObject({
      Rolle: 'Lernende(r)',
      Bestätigt: 'Nicht bestätigt',
      Tarif: 'Kostenlos',
      Status: 'Aktiv',
      Beigetreten: '4. März 2026',
      'Zuletzt aktiv': 'Nie',
    });
    await user.click(
      within(row).getByRole('button', { name: 'Deaktivieren: Lee Learner (learner@catalyst.test)' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Deaktivieren' });
    expect(dialog.textContent).toContain('Lee Learner (learner@catalyst.test) deaktivieren?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(posts()).toEqual([]);
  });
});
