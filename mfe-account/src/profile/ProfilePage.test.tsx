import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  authMessages,
  FREE_STATUS,
  subscriptionRoutes,
  userRoutes,
  type SubscriptionStatus,
} from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { failure, fakeApi, inTurn, networkFailure, success, type FakeApi } from '@catalyst/web-kit/testing';
import ProfilePage, {
  deleteAccountTexts,
  requiredPasswordErrors,
  requiredProfileErrors,
} from './ProfilePage';
import { describedBy } from '../testing/describedBy';

const MEMBER: SubscriptionStatus = {
  hasSubscription: true,
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: '2030-03-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
};
/** Whether the subscription store's status call (the shared store asks on its own) finds a plan. */
let hasSubscription = false;
let fake: FakeApi;
/** What this page sent to the account routes, in order. */
const sent = () =>
  fake.calls
    .filter((call) => call.path.startsWith('/users/'))
    .map(({ url, method, body }) => ({ url, method, body }));

beforeEach(() => {
  fake = fakeApi().on(subscriptionRoutes.status, () => (hasSubscription ? MEMBER : FREE_STATUS));
  act(() =>
    session.loadUser({
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'user',
      emailVerified: true,
    }),
  );
});
afterEach(async () => {
  hasSubscription = false;
  await act(async () => session.logout());
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
const profileForm = () => screen.getByRole('form', { name: 'Update Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });
/** The message a form's card shows above it: a polite status for a success, an alert for a failure. */
const formMessage = (form: HTMLElement) => {
  const message = [...form.parentElement!.children].find((child) =>
    child.matches('[role="status"], [role="alert"]'),
  );
  return message ? { role: message.getAttribute('role'), text: message.textContent } : null;
};
const fieldNote = (form: HTMLElement, label: string) => describedBy(within(form).getByLabelText(label));

describe('profile validators', () => {
  it('require name and email only', () => {
    expect(requiredProfileErrors({ name: ' ', email: '', currentPassword: '' })).toEqual({
      name: authMessages.nameRequired,
      email: authMessages.emailRequired,
    });
    expect(requiredProfileErrors({ name: 'A', email: 'x', currentPassword: '' })).toEqual({});
  });

  it('require all three password fields, with no match or length rule', () => {
    expect(requiredPasswordErrors({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: authMessages.currentPasswordRequired,
      newPassword: authMessages.newPasswordRequired,
      confirmPassword: authMessages.confirmRequired,
    });
    expect(requiredPasswordErrors({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toEqual(
      {},
    );
  });
});

describe('ProfilePage', () => {
  it('prefills the profile and saves the trimmed name and lower-cased e-mail, updating the session', async () => {
    fake.on(
      userRoutes.updateProfile,
      success(
        {
          user: {
            _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
            name: 'Ada King',
            email: 'ada@example.com',
            role: 'user',
            emailVerified: true,
            createdAt: '2026-01-02T10:00:00.000Z',
          },
        },
        { message: authMessages.profileUpdated },
      ),
    );
    renderPage();
    const name = within(profileForm()).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    fireEvent.change(name, { target: { value: ' Ada King ' } });
    fireEvent.change(within(profileForm()).getByLabelText('Email'), {
      target: { value: ' ADA@example.com ' },
    });
    fireEvent.click(within(profileForm()).getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(formMessage(profileForm())).toEqual({ role: 'status', text: authMessages.profileUpdated }),
    );
    expect(sent()[0]).toEqual({
      url: '/api/v1/users/profile',
      method: 'PUT',
      body: { name: 'Ada King', email: 'ada@example.com' },
    });
    expect(session.getState().user?.name).toBe('Ada King');
  });

  it('shows the required messages without calling the server, and clears one when its field is edited', () => {
    renderPage();
    fireEvent.change(within(profileForm()).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(within(profileForm()).getByRole('button', { name: 'Update Profile' }));
    expect(fieldNote(profileForm(), 'Name')).toBe(authMessages.nameRequired);
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(
      ['Current Password', 'New Password', 'Confirm New Password'].map((label) =>
        fieldNote(passwordForm(), label),
      ),
    ).toEqual([
      authMessages.currentPasswordRequired,
      authMessages.newPasswordRequired,
      authMessages.confirmRequired,
    ]);
    expect(sent()).toHaveLength(0);
    fireEvent.change(within(passwordForm()).getByLabelText('Current Password'), { target: { value: 'x' } });
    expect(screen.queryByText(authMessages.currentPasswordRequired)).toBeNull();
  });

  it('puts the server field error under the input with its message, or the fallback when unreachable', async () => {
    fake.on(
      userRoutes.updateProfile,
      inTurn(
        failure(409, authMessages.emailTaken, [{ field: 'email', message: authMessages.emailTaken }]),
        networkFailure,
      ),
    );
    renderPage();
    fireEvent.click(within(profileForm()).getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(screen.getAllByText(authMessages.emailTaken)).toHaveLength(2));
    fireEvent.click(within(profileForm()).getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(formMessage(profileForm())).toEqual({ role: 'alert', text: authMessages.profileUpdateError }),
    );
  });

  it('changes the password, clears the form and says so', async () => {
    fake.on(
      userRoutes.changePassword,
      success({ endedSessions: 1 }, { message: authMessages.passwordChanged }),
    );
    renderPage();
    const form = passwordForm();
    fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'Old-pass-1' } });
    fireEvent.change(within(form).getByLabelText('New Password'), { target: { value: 'New-pass-2' } });
    fireEvent.change(within(form).getByLabelText('Confirm New Password'), {
      target: { value: 'New-pass-2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(formMessage(form)).toEqual({ role: 'status', text: authMessages.passwordChanged }),
    );
    expect(sent()[0]).toEqual({
      url: '/api/v1/users/change-password',
      method: 'PUT',
      body: { currentPassword: 'Old-pass-1', newPassword: 'New-pass-2', confirmPassword: 'New-pass-2' },
    });
    expect((within(form).getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it('reports a refused password change with the server message, else the fallbacks', async () => {
    fake.on(
      userRoutes.changePassword,
      inTurn(
        failure(400, authMessages.currentPasswordIncorrect, [
          { field: 'currentPassword', message: authMessages.currentPasswordIncorrect },
        ]),
        failure(400, ''),
        networkFailure,
      ),
    );
    renderPage();
    const form = passwordForm();
    const fill = () => {
      fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'x' } });
      fireEvent.change(within(form).getByLabelText('New Password'), { target: { value: 'New-pass-2' } });
      fireEvent.change(within(form).getByLabelText('Confirm New Password'), {
        target: { value: 'New-pass-2' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    };
    fill();
    await waitFor(() => expect(screen.getAllByText(authMessages.currentPasswordIncorrect)).toHaveLength(2));
    fill();
    await waitFor(() => expect(formMessage(form)).toEqual({ role: 'alert', text: 'HTTP 400' }));
    fill();
    await waitFor(() =>
      expect(formMessage(form)).toEqual({ role: 'alert', text: authMessages.passwordChangeError }),
    );
  });
});

describe('Delete Account', () => {
  const renderRouted = () =>
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/" element={<p>Welcome page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  const deleteForm = () => screen.getByRole('form', { name: 'Delete Account' });
  const askToDelete = (password: string) => {
    fireEvent.change(within(deleteForm()).getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete Account' }));
  };

  it('explains what is removed, without a word of a plan the person never had, and needs the password', () => {
    renderRouted();
    expect(deleteForm().previousElementSibling?.textContent).toBe(
      'Deleting your account permanently removes your profile and your learning progress (download your ' +
        'data first to keep a copy). This cannot be undone.',
    );
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete Account' }));
    expect(fieldNote(deleteForm(), 'Password')).toBe(authMessages.passwordRequired);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('tells a member their subscription is cancelled with the account', async () => {
    hasSubscription = true;
    const { subscription } = await import('@catalyst/web-kit');
    await act(async () => subscription.refresh());
    renderRouted();
    await waitFor(() =>
      expect(deleteForm().previousElementSibling?.textContent).toBe(
        'Deleting your account permanently removes your profile and your learning progress (download your ' +
          'data first to keep a copy). Your ' +
          'subscription is cancelled at once, and the current billing period is not refunded, as our terms say. ' +
          'This cannot be undone.',
      ),
    );
    askToDelete('Secret-pass-1');
    expect(within(screen.getByRole('dialog')).getByRole('paragraph').textContent).toBe(
      'Your profile and learning progress will be removed and your subscription cancelled now, without a refund. This cannot be undone.',
    );
  });

  it('asks in a dialog, and Cancel deletes nothing', () => {
    renderRouted();
    askToDelete('Secret-pass-1');
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toEqual([]);
    expect(session.getState().isAuthenticated).toBe(true);
  });

  it('deletes the account on confirmation, ends the session and goes to the welcome page', async () => {
    fake.on(userRoutes.deleteAccount, success(null, { message: 'Account deleted' }));
    const { container } = renderRouted();
    askToDelete('Secret-pass-1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(container.textContent).toBe('Welcome page'));
    expect(sent()).toEqual([
      { url: '/api/v1/users/profile', method: 'DELETE', body: { password: 'Secret-pass-1' } },
    ]);
    expect(session.getState().isAuthenticated).toBe(false);
    expect(session.getState().user).toBeNull();
  });

  it('shows a wrong password under the field, and other failures as an alert, staying signed in', async () => {
    fake.on(
      userRoutes.deleteAccount,
      inTurn(
        failure(400, 'Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }]),
        failure(503, 'Your account could not be deleted right now.'),
        networkFailure,
      ),
    );
    renderRouted();
    const attempt = () => {
      askToDelete('Wrong-pass-1');
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    };
    attempt();
    await waitFor(() => expect(fieldNote(deleteForm(), 'Password')).toBe('Password is incorrect'));
    expect(screen.queryByRole('dialog')).toBeNull();
    attempt();
    await waitFor(() =>
      expect(formMessage(deleteForm())).toEqual({
        role: 'alert',
        text: 'Your account could not be deleted right now.',
      }),
    );
    expect(within(deleteForm()).queryByText('Password is incorrect')).toBeNull();
    attempt();
    await waitFor(() =>
      expect(formMessage(deleteForm())).toEqual({ role: 'alert', text: deleteAccountTexts.error }),
    );
    expect(session.getState().isAuthenticated).toBe(true);
    expect(screen.queryByText('Welcome page')).toBeNull();
  });
});
