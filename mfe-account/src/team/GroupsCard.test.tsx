import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  pathRoutes,
  teamGroupMessages,
  teamGroupRoutes,
  teamLearningRoutes,
  type TeamAssignment,
  type TeamGroup,
  type TeamLearning as TeamLearningData,
} from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { fakeStores, learner } from '../testing/subscriptionStores';
import { TeamLearning } from './TeamLearning';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const PATH_ID = '0000000000000000000f0001';
const GROUP_ID = '7c0a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const person = (userId: string, name: string) => ({
  userId,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  role: 'member' as const,
  seatStatus: 'active' as const,
  lastActiveAt: null,
  minutesThisMonth: 0,
  inProgress: 0,
  finished: 0,
  certificates: 0,
});
const LEARNING: TeamLearningData = {
  members: [person('u1', 'Lena Owner'), person('u2', 'Sam Seat'), person('u3', 'Ada Admin')],
  months: [],
};
const FINANCE: TeamGroup = {
  id: GROUP_ID,
  name: 'Finance',
  source: 'team',
  memberIds: ['u2'],
  createdAt: '2030-01-01T00:00:00.000Z',
};
const OKTA: TeamGroup = {
  ...FINANCE,
  id: 'okta',
  name: 'Okta Sales',
  source: 'directory',
  memberIds: ['u3'],
};

/** The team's learning section as the team page mounts it, with a server that keeps the groups it is sent. */
function mount(groups: TeamGroup[]) {
  const fake = fakeApi();
  fake.on(teamLearningRoutes.learning, LEARNING);
  fake.on(teamLearningRoutes.assignments, []);
  fake.on(teamGroupRoutes.teamGroups, () => groups);
  fake.on(pathRoutes.list, [
    {
      _id: PATH_ID,
      slug: 'start-with-the-web',
      title: 'Start with the Web',
      description: '',
      level: 'beginner',
      estimatedHours: 2,
      isPublished: true,
      itemCount: 3,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    },
  ]);
  const { api } = fakeStores(learner, fake);
  render(
    <MemoryRouter>
      <TeamLearning teamId={TEAM_ID} client={api} />
    </MemoryRouter>,
  );
  return fake;
}

describe('the Groups card', () => {
  it('makes a group of the chosen members, and refuses a name the team already has', async () => {
    const groups: TeamGroup[] = [];
    const fake = mount(groups);
    fake.on(teamGroupRoutes.createTeamGroup, ({ body }) => {
      const made = { ...FINANCE, name: body.name, memberIds: body.memberIds ?? [] };
      groups.push(made);
      return made;
    });
    const card = await screen.findByRole('region', { name: 'Groups' });
    expect(await within(card).findByText('No groups yet.')).toBeDefined();
    const form = within(card).getByRole('form', { name: 'New group' });
    await waitFor(() => expect(within(form).getAllByRole('checkbox')).toHaveLength(3));
    fireEvent.change(within(form).getByLabelText('Group name'), { target: { value: 'Finance' } });
    fireEvent.click(within(form).getByLabelText('Sam Seat (sam@example.com)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Make group' }));
    const listed = await within(card).findByTestId('team-group');
    expect(listed.textContent).toContain('Finance');
    expect(listed.textContent).toContain('Sam Seat');
    expect(fake.callsTo(teamGroupRoutes.createTeamGroup).map((c) => c.body)).toEqual([
      { name: 'Finance', memberIds: ['u2'] },
    ]);

    fake.on(teamGroupRoutes.createTeamGroup, failure(409, teamGroupMessages.nameTaken));
    const next = within(card).getByRole('form', { name: 'New group' });
    expect((within(next).getByLabelText('Group name') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(next).getByLabelText('Group name'), { target: { value: 'finance' } });
    fireEvent.click(within(next).getByRole('button', { name: 'Make group' }));
    expect(await within(card).findByText(teamGroupMessages.nameTaken)).toBeDefined();
  });

  it("renames and refills a team's group, deletes it once confirmed, and leaves the directory's alone", async () => {
    const groups = [FINANCE, OKTA];
    const fake = mount(groups);
    fake.on(teamGroupRoutes.updateTeamGroup, ({ body }) => {
      groups[0] = { ...FINANCE, name: body.name!, memberIds: body.memberIds! };
      return groups[0];
    });
    fake.on(teamGroupRoutes.deleteTeamGroup, () => {
      groups.shift();
      return { deleted: true as const };
    });
    const card = await screen.findByRole('region', { name: 'Groups' });
    const [, okta] = await within(card).findAllByTestId('team-group');
    expect(okta!.textContent).toContain('(from your directory)');
    expect(within(okta!).queryByRole('button')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Change Finance' }));
    const edit = within(card).getByRole('form', { name: 'Change Finance' });
    fireEvent.change(within(edit).getByLabelText('Group name'), { target: { value: 'Finance EMEA' } });
    fireEvent.click(within(edit).getByLabelText('Ada Admin (ada@example.com)'));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save group' }));
    expect(await within(card).findByText('Finance EMEA')).toBeDefined();
    expect(fake.callsTo(teamGroupRoutes.updateTeamGroup).map((c) => c.body)).toEqual([
      { name: 'Finance EMEA', memberIds: ['u2', 'u3'] },
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Finance EMEA' }));
    expect(fake.callsTo(teamGroupRoutes.deleteTeamGroup)).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(within(card).getAllByTestId('team-group')).toHaveLength(1));
    expect(fake.callsTo(teamGroupRoutes.deleteTeamGroup)).toHaveLength(1);
  });

  it('filters the learning view by a group', async () => {
    mount([FINANCE]);
    const table = await screen.findByRole('table', { name: "Members' learning" });
    await waitFor(() => expect(screen.getByLabelText('Group')).toBeDefined());
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: GROUP_ID } });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')!.textContent),
    ).toEqual(['Sam Seatsam@example.com']);
  });
});

describe('assigning to a group', () => {
  it('offers "A group" beside everyone and chosen members, and sends the group', async () => {
    const fake = mount([FINANCE]);
    const assignment: TeamAssignment = {
      id: 'a1',
      target: { kind: 'path', id: PATH_ID },
      title: 'Start with the Web',
      slug: 'start-with-the-web',
      dueAt: null,
      overdue: false,
      createdAt: '2030-01-01T00:00:00.000Z',
      assignedBy: 'Lena Owner',
      group: { id: GROUP_ID, name: 'Finance' },
      assignees: [{ userId: 'u2', name: 'Sam Seat', email: 'sam@example.com', status: 'not_started' }],
    };
    fake.on(teamLearningRoutes.assign, assignment);
    const form = await screen.findByRole('form', { name: 'Assign learning' });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(within(form).getByLabelText('Learning path'), { target: { value: PATH_ID } });
    fireEvent.click(await within(form).findByLabelText('A group'));
    fireEvent.click(within(form).getByRole('button', { name: 'Assign learning' }));
    expect(fake.callsTo(teamLearningRoutes.assign)).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Group'), { target: { value: GROUP_ID } });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign learning' }));
    expect(
      await within(form).findByText('Assigned Start with the Web to the group Finance (1 people now).'),
    ).toBeDefined();
    expect(fake.callsTo(teamLearningRoutes.assign).map((c) => c.body)).toEqual([
      { target: { kind: 'path', id: PATH_ID }, groupId: GROUP_ID },
    ]);
  });
});
