import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  joinLinkMessages,
  joinLinkWrongDomainMessage,
  subscriptionRoutes,
  teamJoinLinkRoutes,
  teamMessages,
  type TeamJoinLink,
  type TeamSummary,
} from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi, success } from '@catalyst/web-kit/testing';
import { fakeStores, learner } from '../testing/subscriptionStores';
import { JoinLinkCard } from './JoinLinkCard';
import TeamJoinLinkPage from './TeamJoinLinkPage';

afterEach(() => vi.unstubAllGlobals());

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const URL_1 = 'https://catalyst.example/team/link/first-token';
const URL_2 = 'https://catalyst.example/team/link/second-token';
const OFF: TeamJoinLink = { url: null, createdAt: null, domains: ['northwind.example'] };
const ON: TeamJoinLink = {
  url: URL_1,
  createdAt: '2030-03-01T12:00:00.000Z',
  domains: ['northwind.example'],
};

function setupCard(link: TeamJoinLink, canManageDomains = true) {
  const fake = fakeApi().on(teamJoinLinkRoutes.getJoinLink, link);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const onChanged = vi.fn();
  render(
    <JoinLinkCard
      teamId={TEAM_ID}
      client={client}
      canManageDomains={canManageDomains}
      onChanged={onChanged}
    />,
  );
  return { fake, onChanged };
}

describe('the Join link card', () => {
  it('turns the link on, copies it, makes a new one and turns it off', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { fake, onChanged } = setupCard(OFF);
    expect(await screen.findByText('It admits addresses at northwind.example.')).toBeTruthy();
    fake.on(teamJoinLinkRoutes.createJoinLink, ON);
    fireEvent.click(screen.getByRole('button', { name: 'Turn the join link on' }));
    expect(((await screen.findByLabelText('The join link')) as HTMLInputElement).value).toBe(URL_1);

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(URL_1);

    fake.on(teamJoinLinkRoutes.createJoinLink, { ...ON, url: URL_2 });
    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByDisplayValue(URL_2)).toBeTruthy();

    fake.on(teamJoinLinkRoutes.deleteJoinLink, OFF);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn the join link on' })).toBeTruthy();
    expect(screen.queryByLabelText('The join link')).toBeNull();
    expect(fake.callsTo(teamJoinLinkRoutes.createJoinLink)).toHaveLength(2);
    expect(onChanged).toHaveBeenCalledTimes(3);
  });

  it('tells the owner to verify a domain first, and shows the refusal in its words', async () => {
    const { fake } = setupCard({ ...OFF, domains: [] });
    expect(
      await screen.findByText(
        'Verify one of the team’s e-mail domains under Domains first: the link admits verified domains only.',
      ),
    ).toBeTruthy();
    fake.on(teamJoinLinkRoutes.createJoinLink, failure(409, joinLinkMessages.noVerifiedDomain));
    fireEvent.click(screen.getByRole('button', { name: 'Turn the join link on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(joinLinkMessages.noVerifiedDomain);
  });

  it('tells an admin that the owner verifies domains', async () => {
    setupCard({ ...OFF, domains: [] }, false);
    expect(
      await screen.findByText(/The team’s owner must verify one of its e-mail domains first/),
    ).toBeTruthy();
  });
});

describe('the join link page', () => {
  const TOKEN = 'link_9Qa';
  const PREVIEW = { teamName: 'Northwind', domains: ['northwind.example'] };
  const MEMBER: TeamSummary = {
    id: TEAM_ID,
    name: 'Northwind',
    role: 'member',
    seats: 10,
    seatsUsed: 4,
    interval: 'year',
    status: 'active',
    renewsAt: '2031-01-01T00:00:00.000Z',
    ownerName: 'Olive Owner',
  };

  function renderPage(answer: (fake: ReturnType<typeof fakeApi>) => unknown, signedIn = true) {
    const fake = fakeApi().on(subscriptionRoutes.status, {
      hasSubscription: false,
      plan: null,
      status: 'free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    answer(fake);
    const w = fakeStores(signedIn ? { ...learner, email: 'sam@northwind.example' } : null, fake);
    render(
      <MemoryRouter initialEntries={[`/team/link/${TOKEN}`]}>
        <Routes>
          <Route
            path="/team/link/:token"
            element={<TeamJoinLinkPage client={w.api} sessionStore={w.session} store={w.store} />}
          />
        </Routes>
      </MemoryRouter>,
    );
    return w;
  }

  it('shows a visitor the team and the domains it admits, with the way to sign in', async () => {
    const w = renderPage((fake) => fake.on(teamJoinLinkRoutes.joinLinkPreview, PREVIEW), false);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Join Northwind on Catalyst');
    expect(screen.getByText(/verified e-mail address at northwind\.example\./)).toBeTruthy();
    expect(
      screen.getByText('Log in or sign up with your address at northwind.example to join.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join team' })).toBeNull();
    act(() => w.session.loadUser({ ...learner, email: 'sam@northwind.example' }));
    expect(await screen.findByRole('button', { name: 'Join team' })).toBeTruthy();
  });

  it('joins, and says when a personal plan ends because the team covers it', async () => {
    const message =
      "Your personal Premium plan will end on April 1, 2030; your team's seat covers you from now on.";
    const w = renderPage((fake) => {
      fake.on(teamJoinLinkRoutes.joinLinkPreview, PREVIEW);
      fake.on(teamJoinLinkRoutes.joinByLink, success(MEMBER, { message }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    const joined = await screen.findByRole('status', { name: '' });
    expect(joined.textContent).toBe(`You joined Northwind. Premium is yours through your team.${message}`);
    expect(w.fake.callsTo(teamJoinLinkRoutes.joinByLink).map((call) => call.params)).toEqual([
      { token: TOKEN },
    ]);
  });

  it.each([
    [403, joinLinkMessages.emailNotVerified],
    [403, joinLinkWrongDomainMessage(['northwind.example'])],
    [409, teamMessages.alreadyInTeam],
    [409, teamMessages.teamFull],
  ])('shows the refusal of Join (%i) as the API words it', async (status, refusal) => {
    renderPage((fake) => {
      fake.on(teamJoinLinkRoutes.joinLinkPreview, PREVIEW);
      fake.on(teamJoinLinkRoutes.joinByLink, failure(status, refusal));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('says an unknown or turned-off link is not valid before anyone signs in', async () => {
    renderPage(
      (fake) => fake.on(teamJoinLinkRoutes.joinLinkPreview, failure(404, joinLinkMessages.notFound)),
      false,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(joinLinkMessages.notFound);
  });
});
