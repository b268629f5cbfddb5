import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  pathRoutes,
  subscriptionRoutes,
  teamGroupRoutes,
  teamLearningRoutes,
  teamRoutes,
  teamSsoRoutes,
  teamScimTokenRoutes,
  teamDomainRoutes,
  teamJoinLinkRoutes,
  teamSeatsBelowUsedMessage,
  teamMessages,
  type TeamDetail,
  type TeamSummary,
  teamApiKeyRoutes,
} from '@catalyst/contracts';
import { setLanguage, type SessionUser } from '@catalyst/web-kit';
import { failure, fakeApi, inTurn, success, type FakeApi } from '@catalyst/web-kit/testing';
import { describedBy } from '../testing/describedBy';
import { fakeStores, learner } from '../testing/subscriptionStores';
import TeamJoinPage from './TeamJoinPage';
import TeamPage from './TeamPage';

afterEach(() => vi.unstubAllGlobals());

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const OWNER: TeamSummary = {
  id: TEAM_ID,
  name: 'Northwind',
  role: 'owner',
  seats: 5,
  seatsUsed: 3,
  interval: 'month',
  status: 'active',
  renewsAt: '2030-04-15T12:00:00.000Z',
  ownerName: 'Lena Learner',
};
const DETAIL: TeamDetail = {
  id: TEAM_ID,
  name: 'Northwind',
  seats: 5,
  seatsUsed: 3,
  interval: 'month',
  status: 'active',
  renewsAt: '2030-04-15T12:00:00.000Z',
  members: [
    {
      userId: 'u1',
      name: 'Lena Learner',
      email: 'lena@example.com',
      role: 'owner',
      seatStatus: 'active',
      joinedAt: '2030-03-15T12:00:00.000Z',
    },
    {
      userId: 'u2',
      name: 'Sam Seat',
      email: 'sam@example.com',
      role: 'member',
      seatStatus: 'active',
      joinedAt: '2030-03-16T12:00:00.000Z',
    },
    {
      userId: 'u3',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
      seatStatus: 'active',
      joinedAt: '2030-03-17T12:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      email: 'kim@example.com',
      invitedAt: '2030-03-18T12:00:00.000Z',
      expiresAt: '2030-03-25T12:00:00.000Z',
    },
  ],
};
const NO_PLAN = {
  hasSubscription: false,
  plan: null,
  status: 'free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
} as const;

/** The page's client, session and plan over one fake API, answered by `answer` first. */
function world(answer: (fake: FakeApi) => unknown, user: SessionUser | null = learner) {
  const fake = fakeApi();
  fake.on(subscriptionRoutes.status, NO_PLAN);
  // The learning view under the owner's page (TeamLearning.test.tsx covers it): empty here.
  fake.on(teamLearningRoutes.learning, { members: [], months: [] });
  fake.on(teamLearningRoutes.assignments, []);
  fake.on(teamGroupRoutes.teamGroups, []);
  fake.on(pathRoutes.list, []);
  // The owner's directory sync card (ScimCard.test.tsx covers it): no token.
  fake.on(teamScimTokenRoutes.getScimToken, {
    enabled: false,
    baseUrl: '/api/v1/scim/v2',
    createdAt: null,
    lastUsedAt: null,
  });
  // The join link and domains cards (TeamJoinLink.test.tsx, DomainsCard.test.tsx cover them): none yet.
  fake.on(teamJoinLinkRoutes.getJoinLink, { url: null, createdAt: null, domains: [] });
  fake.on(teamDomainRoutes.listDomains, []);
  // The owner's API keys card (ApiKeysCard.test.tsx covers it): none yet.
  fake.on(teamApiKeyRoutes.listTeamApiKeys, { items: [] });
  answer(fake);
  return fakeStores(user, fake);
}

function renderTeam(w: ReturnType<typeof world>, entry = '/team') {
  const navigate = vi.fn();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <TeamPage client={w.api} navigate={navigate} sessionStore={w.session} store={w.store} />
    </MemoryRouter>,
  );
  return navigate;
}

/** The Members card of the team page. */
const membersCard = () => screen.getByRole('region', { name: 'Members' });

/** A table's body rows, each as the texts of its header and data cells. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('buying a team plan', () => {
  it('refuses fewer than 3 or more than 500 seats beside the field, then leaves for the checkout', async () => {
    const w = world((fake) => {
      fake.on(teamRoutes.mine, { team: null });
      fake.on(teamRoutes.checkout, { url: 'http://pay.test/checkout/cs_t', sessionId: 'cs_t' });
    });
    const navigate = renderTeam(w);
    fireEvent.change(await screen.findByLabelText('Team name'), { target: { value: 'Northwind' } });
    const seats = screen.getByLabelText('Seats');
    const pay = screen.getByRole('button', { name: 'Continue to checkout' });
    for (const wrong of ['2', '501', '4.5']) {
      fireEvent.change(seats, { target: { value: wrong } });
      fireEvent.click(pay);
      await waitFor(() => expect(seats.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(seats)).toContain(teamMessages.seats);
    }
    expect(w.fake.callsTo(teamRoutes.checkout)).toEqual([]);
    // both mistakes at once, each beside its field
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: ' ' } });
    fireEvent.click(pay);
    await waitFor(() => expect(describedBy(screen.getByLabelText('Team name'))).toBe(teamMessages.name));
    expect(describedBy(seats)).toContain(teamMessages.seats);
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Northwind' } });

    fireEvent.change(seats, { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText('Annual — $120 per seat per year'));
    expect(screen.getByText('Total: $600 per year')).toBeDefined();
    fireEvent.click(pay);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/checkout/cs_t'));
    expect(w.fake.callsTo(teamRoutes.checkout).map((call) => call.body)).toEqual([
      { name: 'Northwind', seats: 5, interval: 'year' },
    ]);
  });

  it('shows the offer to a visitor with the way to sign in, asking nothing of the API', async () => {
    const w = world(() => undefined, null);
    renderTeam(w);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Catalyst for Teams');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDefined();
    expect(w.fake.callsTo(teamRoutes.mine)).toEqual([]);
  });

  it("confirms the checkout's return once and shows the new team to its owner", async () => {
    const w = world((fake) => {
      fake.on(teamRoutes.confirm, DETAIL);
      fake.on(teamRoutes.mine, { team: OWNER });
      fake.on(teamRoutes.get, DETAIL);
      fake.on(teamSsoRoutes.getSso, null);
      fake.on(teamRoutes.audit, []);
    });
    renderTeam(w, '/team?session_id=cs_t');
    expect(
      await screen.findByText('Your team Northwind is ready with 5 seats. Invite people below.'),
    ).toBeDefined();
    expect(await screen.findByText('3 of 5 seats used')).toBeDefined();
    expect(w.fake.callsTo(teamRoutes.confirm).map((call) => call.body)).toEqual([{ sessionId: 'cs_t' }]);
  });
});

describe("the team's page for its owner", () => {
  const ownerWorld = (answer: (fake: FakeApi) => unknown = () => undefined) =>
    world((fake) => {
      fake.on(teamRoutes.mine, { team: OWNER });
      fake.on(teamRoutes.get, DETAIL);
      fake.on(teamSsoRoutes.getSso, null);
      fake.on(teamRoutes.audit, [
        {
          at: '2030-03-15T12:00:00.000Z',
          actor: { name: 'Lena Learner', email: 'lena@example.com' },
          action: 'checkout',
          detail: '5 seats, monthly',
        },
      ]);
      answer(fake);
    });

  it('lists members, pending invitations and the audit log in tables with headers', async () => {
    renderTeam(ownerWorld());
    const members = await screen.findByRole('table', { name: '3 members' });
    expect(cellsOf(members)).toEqual([
      ['Lena Learner', 'lena@example.com', 'Owner', 'Active', 'Mar 15, 2030', ''],
      ['Sam Seat', 'sam@example.com', 'Member', 'Active', 'Mar 16, 2030', 'Make adminRemove'],
      ['Ada Admin', 'ada@example.com', 'Admin', 'Active', 'Mar 17, 2030', 'Make memberRemove'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Pending invitations' }))).toEqual([
      ['kim@example.com', 'Mar 18, 2030', 'Mar 25, 2030', 'Revoke'],
    ]);
    expect(cellsOf(await screen.findByRole('table', { name: 'Audit log, newest first' }))).toEqual([
      ['Mar 15, 2030', 'Lena Learner', 'Bought the team plan', '5 seats, monthly'],
    ]);
  });

  it('invites from a CSV file and reports each row, the two bad ones with their reasons', async () => {
    const csv = 'email\nana@example.com\nnot-an-address\nbo@example.com\nana@example.com\ncy@example.com\n';
    const w = ownerWorld((fake) =>
      fake.on(teamRoutes.invite, {
        invited: 3,
        rows: [
          { row: 2, email: 'ana@example.com', outcome: 'invited' },
          { row: 3, email: 'not-an-address', outcome: 'refused', reason: 'not an e-mail address' },
          { row: 4, email: 'bo@example.com', outcome: 'invited' },
          { row: 5, email: 'ana@example.com', outcome: 'refused', reason: 'a duplicate in the list' },
          { row: 6, email: 'cy@example.com', outcome: 'invited' },
        ],
      }),
    );
    renderTeam(w);
    fireEvent.click(await screen.findByLabelText('Upload a CSV file'));
    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new File([csv], 'team.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    const report = await screen.findByRole('table', { name: 'Invitation report, row by row' });
    expect(cellsOf(report)).toEqual([
      ['2', 'ana@example.com', 'Invited', ''],
      ['3', 'not-an-address', 'Refused', 'not an e-mail address'],
      ['4', 'bo@example.com', 'Invited', ''],
      ['5', 'ana@example.com', 'Refused', 'a duplicate in the list'],
      ['6', 'cy@example.com', 'Invited', ''],
    ]);
    expect(screen.getByRole('alert').textContent).toBe('3 invited, 2 refused.');
    expect(w.fake.callsTo(teamRoutes.invite).map((call) => call.body)).toEqual([{ csv }]);
    // the pending invitations are read again
    await waitFor(() => expect(w.fake.callsTo(teamRoutes.get)).toHaveLength(2));
  });

  it('invites pasted addresses, one a line or separated by commas', async () => {
    const w = ownerWorld((fake) =>
      fake.on(teamRoutes.invite, {
        invited: 2,
        rows: [
          { row: 1, email: 'ana@example.com', outcome: 'invited' },
          { row: 2, email: 'bo@example.com', outcome: 'invited' },
        ],
      }),
    );
    renderTeam(w);
    fireEvent.change(await screen.findByLabelText('E-mail addresses'), {
      target: { value: 'ana@example.com,\n bo@example.com\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('2 invited, 0 refused.');
    expect(w.fake.callsTo(teamRoutes.invite).map((call) => call.body)).toEqual([
      { emails: ['ana@example.com', 'bo@example.com'] },
    ]);
  });

  it('asks for addresses before sending an empty list', async () => {
    const w = ownerWorld();
    renderTeam(w);
    const field = await screen.findByLabelText('E-mail addresses');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field)).toContain(teamMessages.invitees);
    expect(w.fake.callsTo(teamRoutes.invite)).toEqual([]);
    // in the page's language: the one set of translations the server answers with too
    try {
      await act(() => setLanguage('de', { keep: false }));
      await waitFor(() =>
        expect(describedBy(field)).toContain(
          'Gib zwischen 1 und 1.000 E-Mail-Adressen oder eine CSV-Datei an',
        ),
      );
    } finally {
      await act(() => setLanguage('en', { keep: false }));
    }
  });

  it('removes a member after the dialog confirms it, and the seat is free', async () => {
    const w = ownerWorld((fake) =>
      fake.on(teamRoutes.removeMember, {
        ...DETAIL,
        seatsUsed: 2,
        members: DETAIL.members.filter((member) => member.userId !== 'u2'),
      }),
    );
    renderTeam(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Seat' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Seat from Northwind?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe(
      'Sam Seat was removed from the team. Their seat is free.',
    );
    expect(screen.getByText('2 of 5 seats used')).toBeDefined();
    expect(screen.queryByRole('cell', { name: 'sam@example.com' })).toBeNull();
    expect(w.fake.callsTo(teamRoutes.removeMember).map((call) => call.params)).toEqual([
      { id: TEAM_ID, userId: 'u2' },
    ]);
  });

  it('makes a member an admin once the dialog names them and the role, and the row changes in place', async () => {
    const promoted = DETAIL.members.map((m) => (m.userId === 'u2' ? { ...m, role: 'admin' as const } : m));
    const w = ownerWorld((fake) => fake.on(teamLearningRoutes.changeRole, { ...DETAIL, members: promoted }));
    renderTeam(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Sam Seat an admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Sam Seat an admin of Northwind?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect((await within(membersCard()).findByRole('status')).textContent).toBe(
      'Sam Seat is now an admin of the team.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = screen.getByRole('row', { name: /Sam Seat/ });
    expect(within(row).getByRole('cell', { name: 'Admin' })).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Make Sam Seat a member' })).toBeDefined();
    expect(w.fake.callsTo(teamLearningRoutes.changeRole).map((call) => [call.params, call.body])).toEqual([
      [{ id: TEAM_ID, userId: 'u2' }, { role: 'admin' }],
    ]);
    // the change is read again in the audit log
    await waitFor(() => expect(w.fake.callsTo(teamRoutes.audit)).toHaveLength(2));
  });

  it('makes an admin a member again, and Cancel changes nothing', async () => {
    const w = ownerWorld((fake) =>
      fake.on(teamLearningRoutes.changeRole, {
        ...DETAIL,
        members: DETAIL.members.map((m) => (m.userId === 'u3' ? { ...m, role: 'member' as const } : m)),
      }),
    );
    renderTeam(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Ada Admin a member' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Make Ada Admin a member of Northwind?' })).getByRole(
        'button',
        { name: 'Cancel' },
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(w.fake.callsTo(teamLearningRoutes.changeRole)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Make Ada Admin a member' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make member' }));
    expect((await within(membersCard()).findByRole('status')).textContent).toBe(
      'Ada Admin is now a member of the team.',
    );
    const row = screen.getByRole('row', { name: /Ada Admin/ });
    expect(within(row).getByRole('cell', { name: 'Member' })).toBeDefined();
    expect(w.fake.callsTo(teamLearningRoutes.changeRole).map((call) => call.body)).toEqual([
      { role: 'member' },
    ]);
  });

  it("shows a refused role change in the server's words and leaves the row as it was", async () => {
    const w = ownerWorld((fake) =>
      fake.on(teamLearningRoutes.changeRole, failure(404, teamMessages.memberNotFound)),
    );
    renderTeam(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Sam Seat an admin' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    expect((await within(membersCard()).findByRole('alert')).textContent).toBe(teamMessages.memberNotFound);
    const row = screen.getByRole('row', { name: /Sam Seat/ });
    expect(within(row).getByRole('cell', { name: 'Member' })).toBeDefined();
  });

  it("shows Change seats' refusal under the field, in the server's words", async () => {
    const w = ownerWorld((fake) =>
      fake.on(teamRoutes.changeSeats, failure(409, teamSeatsBelowUsedMessage(3))),
    );
    renderTeam(w);
    const form = await screen.findByRole('form', { name: 'Change seats' });
    const seats = within(form).getByLabelText('Seats');
    fireEvent.change(seats, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change seats' }));
    await waitFor(() => expect(seats.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(seats)).toContain('Remove members before lowering seats below 3');
    expect(w.fake.callsTo(teamRoutes.changeSeats).map((call) => call.body)).toEqual([{ seats: 3 }]);
  });

  it('revokes a pending invitation and reads the team again', async () => {
    const w = ownerWorld((fake) => fake.on(teamRoutes.revokeInvitation, { revoked: true }));
    renderTeam(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation to kim@example.com' }));
    await waitFor(() => expect(w.fake.callsTo(teamRoutes.get)).toHaveLength(2));
    expect(w.fake.callsTo(teamRoutes.revokeInvitation).map((call) => call.params)).toEqual([
      { id: TEAM_ID, invitationId: DETAIL.invitations[0]!.id },
    ]);
  });
});

describe("the team's page for an admin and a member", () => {
  it('gives an admin the team without Change seats or the audit log', async () => {
    const w = world((fake) => {
      fake.on(teamRoutes.mine, { team: { ...OWNER, role: 'admin' } });
      fake.on(teamRoutes.get, DETAIL);
    });
    renderTeam(w);
    expect(await screen.findByText('3 of 5 seats used')).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Change seats' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
    expect(w.fake.callsTo(teamRoutes.audit)).toEqual([]);
    // only the owner changes roles (the API refuses anyone else): an admin may still remove
    expect(screen.getByRole('button', { name: 'Remove Sam Seat' })).toBeDefined();
    expect(within(membersCard()).queryByRole('button', { name: /^Make / })).toBeNull();
  });

  it('tells a member which team they are in and that their Premium comes from it', async () => {
    const w = world((fake) => fake.on(teamRoutes.mine, { team: { ...OWNER, role: 'member' } }));
    renderTeam(w);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Northwind');
    expect(
      screen.getByText(
        'You are a member of Northwind. Your Premium comes from this team: Lena Learner pays for your seat.',
      ),
    ).toBeDefined();
    expect(w.fake.callsTo(teamRoutes.get)).toEqual([]);
  });
});

describe('an invitation to join a team', () => {
  const TOKEN = 'tok_3f9a';
  const PREVIEW = {
    teamName: 'Northwind',
    invitedBy: 'Lena Learner',
    email: 'sam@example.com',
    expiresAt: '2030-03-25T12:00:00.000Z',
  };

  function renderJoin(w: ReturnType<typeof world>) {
    render(
      <MemoryRouter initialEntries={[`/team/join/${TOKEN}`]}>
        <Routes>
          <Route
            path="/team/join/:token"
            element={<TeamJoinPage client={w.api} sessionStore={w.session} store={w.store} />}
          />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('shows a visitor the team and the masked address, with the way to sign in', async () => {
    const w = world(
      (fake) => fake.on(teamRoutes.invitation, { ...PREVIEW, email: 's***@example.com' }),
      null,
    );
    renderJoin(w);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Join Northwind on Catalyst');
    expect(screen.getByText(/Log in or sign up as s\*\*\*@example\.com to join\./)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Join team' })).toBeNull();
  });

  it('reads the invitation again once the visitor signs in, and then offers Join', async () => {
    const w = world(
      (fake) =>
        // the address is masked for a visitor, whole for its owner signed in
        fake.on(teamRoutes.invitation, inTurn({ ...PREVIEW, email: 's***@example.com' }, PREVIEW)),
      null,
    );
    renderJoin(w);
    expect(await screen.findByText(/Log in or sign up as s\*\*\*@example\.com to join\./)).toBeDefined();
    act(() => w.session.loadUser({ ...learner, email: 'sam@example.com' }));
    expect(await screen.findByRole('button', { name: 'Join team' })).toBeDefined();
    await waitFor(() => expect(screen.getByText(/invited sam@example\.com to a seat/)).toBeDefined());
    expect(w.fake.callsTo(teamRoutes.invitation)).toHaveLength(2);
  });

  it('reads the invitation once for someone already signed in', async () => {
    const w = world((fake) => fake.on(teamRoutes.invitation, PREVIEW));
    renderJoin(w);
    expect(await screen.findByRole('button', { name: 'Join team' })).toBeDefined();
    expect(w.fake.callsTo(teamRoutes.invitation)).toHaveLength(1);
  });

  it('joins, and says when a personal plan ends because the team covers it', async () => {
    const message =
      "Your personal Premium plan will end on April 1, 2030; your team's seat covers you from now on.";
    const w = world((fake) => {
      fake.on(teamRoutes.invitation, PREVIEW);
      fake.on(teamRoutes.accept, success({ ...OWNER, role: 'member' }, { message }));
    });
    renderJoin(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    const joined = await screen.findByRole('status', { name: '' });
    expect(joined.textContent).toBe(`You joined Northwind. Premium is yours through your team.${message}`);
    expect(w.fake.callsTo(teamRoutes.accept).map((call) => call.params)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Your team' }).getAttribute('href')).toBe('/team');
  });

  it.each([
    [403, teamMessages.wrongAddress],
    [409, teamMessages.teamFull],
    [410, teamMessages.invitationExpired],
  ])('shows the refusal of Join (%i) as the API words it', async (status, refusal) => {
    const w = world((fake) => {
      fake.on(teamRoutes.invitation, PREVIEW);
      fake.on(teamRoutes.accept, failure(status, refusal));
    });
    renderJoin(w);
    fireEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('says an expired or used invitation is so before anyone signs in', async () => {
    const w = world(
      (fake) => fake.on(teamRoutes.invitation, failure(410, teamMessages.invitationExpired)),
      null,
    );
    renderJoin(w);
    expect((await screen.findByRole('alert')).textContent).toBe(teamMessages.invitationExpired);
  });
});
