import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authMessages } from '@catalyst/contracts';
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

let reply: () => Promise<Response>;
const fetchMock = vi.fn((..._args: unknown[]) => reply());
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it('says no token was provided, without calling the server', () => {
    renderAt('/verify-email');
    expect(card()).toEqual({ title: 'Verification Failed', lines: [authMessages.noVerificationToken] });
    expect((screen.getByRole('button', { name: 'Go to Login' }) as HTMLButtonElement).disabled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Verifying, then success, then goes to / after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer!: (r: Response) => void;
    reply = () => new Promise((resolve) => (answer = resolve));
    const { container } = renderAt('/verify-email?token=good-token');
    expect(card()).toEqual({
      title: 'Verifying Email',
      lines: ['Please wait while we verify your email address...'],
    });
    await act(async () =>
      answer(
        new Response(
          JSON.stringify({
            success: true,
            data: { email: 'a@b.co' },
            message: 'Your email address has been verified.',
          }),
          { status: 200 },
        ),
      ),
    );
    expect(card()).toEqual({
      title: 'Email Verified!',
      lines: ['Your email address has been verified.', 'Redirecting to login...'],
    });
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFY_MS - 50));
    expect(screen.queryByText(/home page/)).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(container.textContent).toBe('home page /');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/auth/verify-email?token=good-token');
  });

  it('tells a person already signed in that the dashboard follows, not a login', async () => {
    const { session } = await import('@catalyst/web-kit');
    act(() => session.loadUser({ _id: 'u1', name: 'Ada', email: 'a@b.co', role: 'user' }));
    reply = async () =>
      new Response(
        JSON.stringify({
          success: true,
          data: { email: 'a@b.co' },
          message: 'Your email address has been verified.',
        }),
        { status: 200 },
      );
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
    reply = async () =>
      new Response(
        JSON.stringify({ success: false, message: 'This verification link is invalid or has expired.' }),
        { status: 400 },
      );
    renderAt('/verify-email?token=used-token');
    await waitFor(() =>
      expect(card()).toEqual({
        title: 'Verification Failed',
        lines: ['This verification link is invalid or has expired.'],
      }),
    );
  });

  it('shows the general failure text when the server cannot be reached', async () => {
    reply = async () => {
      throw new TypeError('Failed to fetch');
    };
    renderAt('/verify-email?token=offline-token');
    await waitFor(() =>
      expect(card()).toEqual({ title: 'Verification Failed', lines: [authMessages.verificationError] }),
    );
  });

  it('sends one link only once, even when the page mounts twice', async () => {
    reply = async () =>
      new Response(JSON.stringify({ success: true, data: {}, message: 'ok' }), { status: 200 });
    const first = renderAt('/verify-email?token=twice-token');
    await screen.findByRole('heading', { name: 'Email Verified!' });
    first.unmount();
    renderAt('/verify-email?token=twice-token');
    await waitFor(() => expect(card().title).toBe('Email Verified!'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
