import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { creatorAccountRoutes, STUDIO_MESSAGES } from '@catalyst/contracts';
import { failure, fakeApi, success } from '@catalyst/web-kit/testing';
import { fakeStores, learner } from '../testing/subscriptionStores';
import CreatorJoinPage from './CreatorJoinPage';

const TOKEN = 'invite-token-1';
const MAYA = { id: '0000000000000000000d0001', name: 'Maya Chen', slug: 'maya-chen' };

function renderPage(answer: (fake: ReturnType<typeof fakeApi>) => unknown, signedIn = true) {
  const fake = fakeApi();
  answer(fake);
  const w = fakeStores(signedIn ? learner : null, fake);
  render(
    <MemoryRouter initialEntries={[`/studio/join/${TOKEN}`]}>
      <Routes>
        <Route path="/studio/join/*" element={<CreatorJoinPage client={w.api} sessionStore={w.session} />} />
      </Routes>
    </MemoryRouter>,
  );
  return w;
}

describe('the creator invitation page', () => {
  it('asks a visitor to sign in with the invited address first', async () => {
    const w = renderPage(() => undefined, false);
    expect(
      await screen.findByText(
        'Log in or sign up with the address the invitation was sent to, then accept it here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    act(() => w.session.loadUser(learner));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
  });

  it('accepts: the account becomes a creator’s and the studio is one link away', async () => {
    const w = renderPage((fake) =>
      fake.on(
        creatorAccountRoutes.accept,
        success({ creator: MAYA }, { message: STUDIO_MESSAGES.accountLinked }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText("Your account now runs Maya Chen's courses.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the creator studio' }).getAttribute('href')).toBe(
      '/studio',
    );
    expect(w.session.getState().user?.role).toBe('creator');
    expect(
      w.fake.calls.some((c) => c.method === 'POST' && c.url.endsWith(`/studio/invitations/${TOKEN}/accept`)),
    ).toBe(true);
  });

  it('says why an invitation is refused, in the server’s words', async () => {
    const w = renderPage((fake) =>
      fake.on(creatorAccountRoutes.accept, failure(403, STUDIO_MESSAGES.invitationOtherAddress)),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(STUDIO_MESSAGES.invitationOtherAddress)).toBeTruthy();
    expect(w.session.getState().user?.role).toBe('user');
  });
});
