import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authMessages, authRoutes } from '@catalyst/contracts';
import { fakeApi, held, success, type FakeApi } from '@catalyst/web-kit/testing';
import VerifyEmailPage, { REDIRECT_AFTER_VERIFY_MS } from './VerifyEmailPage';

function Home() {
  return <p>home page {useLocation().pathname}</p>;
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/" element={<Home />} />
      </Routes>
    </MemoryRouter>,
  );

/** The card as a person reads it: its title and the lines under it. */
const card = () => {
  const title = screen.getByRole('heading', { level: 1 });
  return {
    title: title.textContent,
    lines: [...title.parentElement!.querySelectorAll('p')].map((line) => line.textContent),
  };
};

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi();
});
const verified = success({ email: 'a@b.co' }, { message: 'Your email address has been verified.' });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it('says no token was provided, without calling the server', () => {
    renderAt('/verify-email');
    expect(card()).toEqual({ title: 'Verification Failed', lines: [authMessages.noVerificationToken] });
    expect((screen.getByRole('button', { name: 'Go to Login' }) as HTMLButtonElement).disabled).toBe(false);
    expect(fake.calls).toEqual([]);
  });

  it('shows Verifying, then success, then goes to / after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = held(verified);
    fake.on(authRoutes.verifyEmail, answer.reply);
    const { container } = renderAt('/verify-email?token=good-token');
    expect(card()).toEqual({
      title: 'Verifying Email',
      lines: ['Please wait while we verify your email address...'],
    });
    await act(async () => answer.release());
    await waitFor(() => expect(card().title).toBe('Email Verified!'));
    expect(card()).toEqual({
      title: 'Email Verified!',
      lines: ['Your email address has been verified.', 'Redirecting to login...'],
    });
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFY_MS - 50));
    expect(screen.queryByText(/home page/)).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(container.textContent).toBe('home page /');
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/v1/auth/verify-email?token=good-token']);
  });

  it('tells a person already signed in that the dashboard follows, not a login', async () => {
    const { session } = await import('@catalyst/web-kit');
    act(() => session.loadUser({ _id: 'u1', name: 'Ada', email: 'a@b.co', role: 'user' }));
    fake.on(authRoutes.verifyEmail, verified);
    renderAt('/verify-email?token=good-token');
    await waitFor(() =>
      expect(card()).toEqual({
        title: 'Email Verified!',
        lines: ['Your email address has been verified.', 'Taking you to your dashboard...'],
      }),
    );
    await act(async () => session.logout({ revoke: false }));
  });

  it("shows the server's refusal message", async () => {
    fake.fail(authRoutes.verifyEmail, 400, 'This verification link is invalid or has expired.');
    renderAt('/verify-email?token=used-token');
    await waitFor(() =>
      expect(card()).toEqual({
        title: 'Verification Failed',
        lines: ['This verification link is invalid or has expired.'],
      }),
    );
  });

  it('shows the general failure text when the server cannot be reached', async () => {
    fake.unreachable(authRoutes.verifyEmail);
    renderAt('/verify-email?token=offline-token');
    await waitFor(() =>
      expect(card()).toEqual({ title: 'Verification Failed', lines: [authMessages.verificationError] }),
    );
  });

  it('sends one link only once, even when the page mounts twice', async () => {
    fake.on(authRoutes.verifyEmail, success({ email: 'a@b.co' }, { message: 'ok' }));
    const first = renderAt('/verify-email?token=twice-token');
    await screen.findByRole('heading', { name: 'Email Verified!' });
    first.unmount();
    renderAt('/verify-email?token=twice-token');
    await waitFor(() => expect(card().title).toBe('Email Verified!'));
    expect(fake.calls).toHaveLength(1);
  });
});
