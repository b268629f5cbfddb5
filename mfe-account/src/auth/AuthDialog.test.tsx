import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages, authRoutes } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { setLanguage, type AuthDialogProps, type AuthDialogView } from '@catalyst/web-kit';
import { MemoryRouter } from 'react-router-dom';
import { describedBy } from '../testing/describedBy';
import AuthDialog, { AUTH_BANNER_MS } from './AuthDialog';

let fake: FakeApi;
/** What each auth call sent, in order. */
const calls = () => fake.calls.map((call) => ({ url: call.url, body: call.body }));

beforeEach(() => {
  fake = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDialog(view: AuthDialogView = 'register', overrides: Partial<AuthDialogProps> = {}) {
  const props: AuthDialogProps = {
    open: true,
    view,
    openCount: 1,
    onViewChange: vi.fn(),
    onClose: vi.fn(),
    onError: vi.fn(),
    ...overrides,
  };
  // The shell renders the dialog inside its router (the "Forgot password?" link navigates).
  const utils = render(<AuthDialog {...props} />, { wrapper: MemoryRouter });
  return {
    ...utils,
    props,
    rerenderWith: (next: Partial<AuthDialogProps>) => utils.rerender(<AuthDialog {...props} {...next} />),
  };
}

const user = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user' as const,
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const describedAs = (label: string) => describedBy(screen.getByLabelText(label));

/** The password's strength as shown beside the meter and as the meter announces it. */
const strength = () => {
  const meter = screen.getByRole('meter', { name: 'Password strength' });
  return { shown: meter.nextElementSibling?.textContent, announced: meter.getAttribute('aria-valuetext') };
};

async function fillRegister(values: { name?: string; email?: string; password?: string; confirm?: string }) {
  const u = userEvent.setup();
  if (values.name !== undefined) await u.type(screen.getByLabelText('Name'), values.name);
  if (values.email !== undefined) await u.type(screen.getByLabelText('Email'), values.email);
  if (values.password !== undefined) await u.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm !== undefined) await u.type(screen.getByLabelText('Confirm Password'), values.confirm);
  return u;
}

describe('AuthDialog', () => {
  it('shows the login view as Welcome Back and the register view as Create Account, with a toggle', async () => {
    const { props, rerenderWith } = renderDialog('login');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Welcome Back');
    expect(screen.queryByLabelText('Name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(props.onViewChange).toHaveBeenCalledWith('register');
    rerenderWith({ view: 'register' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Create Account');
    expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).type).toBe('password');
  });

  it('shows every register message for an empty form and clears only the edited field', async () => {
    renderDialog('register');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(['Name', 'Email', 'Password', 'Confirm Password'].map(describedAs)).toEqual([
      authMessages.nameRequired,
      authMessages.emailRequired,
      authMessages.passwordRequired,
      authMessages.confirmRequired,
    ]);
    expect(calls()).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(screen.queryByText(authMessages.nameRequired)).toBeNull();
    expect(describedAs('Email')).toBe(authMessages.emailRequired);
  });

  it('limits the name to 50 characters and opens the legal pages in new tabs', () => {
    renderDialog('register');
    expect(screen.getByLabelText('Name').getAttribute('maxlength')).toBe('50');
    for (const name of ['Terms and Conditions', 'Privacy Policy']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('rates the password as it is typed and says when both passwords match', async () => {
    renderDialog('register');
    const u = userEvent.setup();
    const password = screen.getByLabelText('Password');
    await u.type(password, 'a');
    expect(strength()).toEqual({ shown: 'Weak', announced: 'Weak' });
    await u.type(password, 'bcdefghi');
    expect(strength()).toEqual({ shown: 'Weak', announced: 'Weak' });
    await u.type(password, 'j');
    expect(strength()).toEqual({ shown: 'Fair', announced: 'Fair' });
    await u.type(password, 'G');
    expect(strength()).toEqual({ shown: 'Good', announced: 'Good' });
    await u.type(password, '1');
    expect(strength()).toEqual({ shown: 'Strong', announced: 'Strong' });
    expect(screen.queryByText(/Passwords match/)).toBeNull();
    await u.type(screen.getByLabelText('Confirm Password'), 'abcdefghijG1');
    expect(describedAs('Confirm Password')).toBe('✓ Passwords match');
  });

  it('shows and hides the password', async () => {
    renderDialog('login');
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('registers with a trimmed name and a lower-cased e-mail, then closes', async () => {
    fake.on(authRoutes.register, success({ user, token: 't0k', expiresAt: '' }, { message: 'ok' }));
    const { props } = renderDialog('register');
    const u = await fillRegister({
      name: ' Ada Lovelace ',
      email: ' ADA@Example.com ',
      password: 'Abcdefgh12',
      confirm: 'Abcdefgh12',
    });
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(calls()[0]).toEqual({
      url: '/api/v1/auth/register',
      body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Abcdefgh12' },
    });
    expect(sessionStorage.getItem('token')).toBe('t0k');
  });

  it('puts a server field error (409) under its input and keeps the dialog open', async () => {
    fake.fail(authRoutes.register, 409, authMessages.emailTaken, [
      { field: 'email', message: authMessages.emailTaken },
    ]);
    const { props } = renderDialog('register');
    const u = await fillRegister({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Abcdefgh12',
      confirm: 'Abcdefgh12',
    });
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(describedAs('Email')).toBe(authMessages.emailTaken));
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('understands field errors sent as an object keyed by field', async () => {
    // the spec's second error shape, which the client still reads: errors keyed by field
    const body = {
      success: false,
      message: 'Invalid input',
      errors: { name: 'Name is taken', email: { msg: 'Email looks odd' } },
    };
    fake.on(authRoutes.register, () => new Response(JSON.stringify(body), { status: 400 }));
    renderDialog('register');
    const u = await fillRegister({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Abcdefgh12',
      confirm: 'Abcdefgh12',
    });
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(describedAs('Name')).toBe('Name is taken'));
    expect(describedAs('Email')).toBe('Email looks odd');
  });

  it('shows a plain refusal message of the register call in the dialog banner', async () => {
    fake.fail(authRoutes.register, 400, '');
    const { props } = renderDialog('register');
    const u = await fillRegister({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Abcdefgh12',
      confirm: 'Abcdefgh12',
    });
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('HTTP 400');
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('reports a refused sign-in at the top of the page and keeps the dialog open with the e-mail typed', async () => {
    fake.fail(authRoutes.login, 401, authMessages.invalidCredentials);
    const { props } = renderDialog('login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(props.onError).toHaveBeenCalledWith(authMessages.invalidCredentials));
    expect(props.onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.invalidCredentials);
  });

  it('keeps the sign-in in this browser unless "This is a shared computer" is ticked', async () => {
    fake.on(authRoutes.login, { user, token: 't0k', expiresAt: '' });
    const logins = () => fake.callsTo(authRoutes.login).map((call) => call.body);
    const signIn = async (shared: boolean) => {
      const box = screen.getByRole('checkbox', { name: 'This is a shared computer' }) as HTMLInputElement;
      expect(box.checked).toBe(false);
      if (shared) fireEvent.click(box);
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Abcdefgh12' } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    };
    const { props, rerenderWith } = renderDialog('login');
    await signIn(false);
    await waitFor(() => expect(props.onClose).toHaveBeenCalledTimes(1));
    rerenderWith({ openCount: 2 });
    await signIn(true);
    await waitFor(() => expect(props.onClose).toHaveBeenCalledTimes(2));
    expect(logins()).toEqual([
      { email: 'ada@example.com', password: 'Abcdefgh12', remember: true },
      { email: 'ada@example.com', password: 'Abcdefgh12', remember: false },
    ]);
  });

  it('disables submit while submitting and shows a network failure in its own banner for 4 seconds', async () => {
    let release!: () => void;
    fake.on(
      authRoutes.login,
      () => new Promise((_, reject) => (release = () => reject(new TypeError('Failed to fetch')))),
    );
    renderDialog('login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const busy = screen.getByRole('button', { name: /Signing in/ }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await act(async () => release());
    expect(screen.getByRole('alert').textContent).toBe('Network error occurred');
    act(() => vi.advanceTimersByTime(AUTH_BANNER_MS - 10));
    expect(screen.getByRole('alert').textContent).toBe('Network error occurred');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Network error occurred')).toBeNull();
  });

  it('speaks Arabic: its title, its legal links, and the rules of an empty form in Arabic', async () => {
    await setLanguage('ar', { keep: false });
    try {
      renderDialog('register');
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('إنشاء حساب');
      expect(screen.getByRole('link', { name: 'الشروط والأحكام' }).getAttribute('href')).toBe(
        '/terms-and-conditions',
      );
      await userEvent.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
      expect(describedBy(screen.getByLabelText('البريد الإلكتروني'))).toBe('البريد الإلكتروني مطلوب');
      expect(calls()).toHaveLength(0);
    } finally {
      await act(() => setLanguage('en', { keep: false }));
    }
  });

  it('resets fields and errors on every opening', async () => {
    const { rerenderWith } = renderDialog('login');
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(describedAs('Email')).toBe(authMessages.emailInvalid);
    rerenderWith({ openCount: 2 });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(authMessages.emailInvalid)).toBeNull();
  });
});
