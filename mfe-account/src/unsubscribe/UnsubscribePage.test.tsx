import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { COMMUNITY_MESSAGES, followRoutes } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import UnsubscribePage, { UNSUBSCRIBE_UNREACHABLE } from './UnsubscribePage';

const TOKEN = 'tkn_0123456789abcdefABCDEF-_';

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('the unsubscribe page', () => {
  it('does nothing on opening the link (mail scanners fetch links), then unsubscribes from one thread on confirming', async () => {
    const api = fakeApi().on(followRoutes.unsubscribe, {
      scope: 'thread',
      threadTitle: 'How do grid areas work?',
    });
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(heading()).toBe('Unsubscribe from e-mails');
    expect(api.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(heading()).toBe("You're unsubscribed"));
    expect(screen.getByRole('status').textContent).toBe(
      'You will no longer get e-mails about new replies to “How do grid areas work?”.',
    );
    expect(api.requests()).toEqual([`POST /community/unsubscribe?token=${encodeURIComponent(TOKEN)}`]);
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toBe(`/api/v1/community/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(init?.method).toBe('POST');
    expect(init?.headers).not.toHaveProperty('Authorization');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it("says which creator is no longer followed when the link stops a creator's news", async () => {
    fakeApi().on(followRoutes.unsubscribe, { scope: 'creator', threadTitle: null, creatorName: 'Maya Chen' });
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'You no longer follow Maya Chen: no more e-mails when they publish.',
      ),
    );
  });

  it('says so when the link stops every community e-mail', async () => {
    fakeApi().on(followRoutes.unsubscribe, { scope: 'all', threadTitle: null });
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You will no longer get any community e-mails.',
    );
  });

  it('says so when the link stops the weekly e-mail, and where to turn it back on', async () => {
    fakeApi().on(followRoutes.unsubscribe, { scope: 'digest', threadTitle: null });
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You will no longer get the weekly e-mail. Turn it back on from your notification settings.',
    );
  });

  it("shows the server's message when it refuses the token", async () => {
    fakeApi().on(followRoutes.unsubscribe, failure(400, COMMUNITY_MESSAGES.unsubscribeInvalid));
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(heading()).toBe('Unsubscribe failed'));
    expect(screen.getByRole('alert').textContent).toBe(COMMUNITY_MESSAGES.unsubscribeInvalid);
  });

  it('refuses a missing or malformed token without asking the server', () => {
    const api = fakeApi();
    const first = renderAt('/unsubscribe');
    expect(screen.getByRole('alert').textContent).toBe(COMMUNITY_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    first.unmount();
    renderAt('/unsubscribe?token=short');
    expect(screen.getByRole('alert').textContent).toBe(COMMUNITY_MESSAGES.unsubscribeInvalid);
    expect(api.calls).toEqual([]);
  });

  it('keeps the button when the server cannot be reached, so the person can try again', async () => {
    const fake = fakeApi().unreachable(followRoutes.unsubscribe);
    const user = userEvent.setup();
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNSUBSCRIBE_UNREACHABLE);
    expect(heading()).toBe('Unsubscribe from e-mails');
    fake.on(followRoutes.unsubscribe, { scope: 'all', threadTitle: null });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(heading()).toBe("You're unsubscribed"));
  });
});
