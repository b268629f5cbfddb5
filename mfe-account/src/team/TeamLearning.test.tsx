import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  pathRoutes,
  productRoutes,
  teamGroupRoutes,
  teamLearningMessages,
  teamLearningRoutes,
  type PublicProduct,
  type TeamAssignment,
  type TeamLearning as TeamLearningData,
} from '@catalyst/contracts';
import { failure, fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { fakeStores, learner } from '../testing/subscriptionStores';
import { TeamLearning } from './TeamLearning';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const PATH_ID = '0000000000000000000f0001';
const learnerRow = (userId: string, name: string, figures: Partial<TeamLearningData['members'][number]>) => ({
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
  ...figures,
});
const LEARNING: TeamLearningData = {
  members: [
    { ...learnerRow('u1', 'Lena Owner', { minutesThisMonth: 5 }), role: 'owner' },
    learnerRow('u2', 'Sam Seat', {
      lastActiveAt: '2030-03-20T12:00:00.000Z',
      minutesThisMonth: 95,
      inProgress: 2,
      finished: 3,
      certificates: 1,
    }),
    learnerRow('u3', 'Ada Admin', { minutesThisMonth: 40, finished: 1 }),
  ],
  months: [
    { month: '2030-02', activeLearners: 1, minutes: 30, completions: 0, topCourses: [] },
    {
      month: '2030-03',
      activeLearners: 2,
      minutes: 140,
      completions: 4,
      topCourses: [{ productId: 'p1', title: 'SQL for Analysts', learners: 2 }],
    },
  ],
};
const OVERDUE: TeamAssignment = {
  id: 'a1',
  target: { kind: 'path', id: PATH_ID },
  title: 'Start with the Web',
  slug: 'start-with-the-web',
  dueAt: '2020-01-01T23:59:59.999Z',
  overdue: true,
  createdAt: '2019-12-01T12:00:00.000Z',
  assignedBy: 'Lena Owner',
  group: null,
  assignees: [
    { userId: 'u2', name: 'Sam Seat', email: 'sam@example.com', status: 'done' },
    { userId: 'u3', name: 'Ada Admin', email: 'ada@example.com', status: 'overdue' },
  ],
};

function mount(answer: (fake: FakeApi) => unknown = () => undefined) {
  const fake = fakeApi();
  fake.on(teamLearningRoutes.learning, LEARNING);
  fake.on(teamLearningRoutes.assignments, [OVERDUE]);
  fake.on(teamGroupRoutes.teamGroups, []);
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
  answer(fake);
  const { api } = fakeStores(learner, fake);
  render(
    <MemoryRouter>
      <TeamLearning teamId={TEAM_ID} client={api} />
    </MemoryRouter>,
  );
  return fake;
}

const namesIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('th')!.textContent);

describe('the team learning view', () => {
  it("shows each member's figures, filters by name or e-mail and sorts by a figure", async () => {
    mount();
    const table = await screen.findByRole('table', { name: "Members' learning" });
    expect(namesIn(table)).toEqual([
      'Ada Adminada@example.com',
      'Lena Ownerlena@example.com',
      'Sam Seatsam@example.com',
    ]);
    const sam = within(table).getAllByRole('row')[3]!;
    expect(Array.from(sam.querySelectorAll('td'), (td) => td.textContent)).toEqual([
      'Active',
      'Mar 20, 2030',
      '95',
      '2',
      '3',
      '1',
    ]);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'minutesThisMonth' } });
    expect(namesIn(table)).toEqual([
      'Sam Seatsam@example.com',
      'Ada Adminada@example.com',
      'Lena Ownerlena@example.com',
    ]);
    fireEvent.change(screen.getByLabelText('Filter by name or e-mail'), { target: { value: 'ADA@' } });
    expect(namesIn(table)).toEqual(['Ada Adminada@example.com']);
    fireEvent.change(screen.getByLabelText('Filter by name or e-mail'), { target: { value: 'nobody' } });
    expect(screen.getByText('No member matches “nobody”.')).toBeDefined();
  });

  it('shows the month figures as a table and the assignments with overdue flagged', async () => {
    mount();
    const months = await screen.findByRole('table', { name: "The team's learning by month" });
    const rows = within(months).getAllByRole('row').slice(1);
    expect(Array.from(rows[1]!.querySelectorAll('th, td'), (c) => c.textContent)).toEqual([
      'March 2030',
      '2',
      '140',
      '4',
      'SQL for Analysts',
    ]);
    const assigned = await screen.findByTestId('team-assignment');
    expect(within(assigned).getByRole('rowheader').textContent).toBe('Start with the Web Overdue');
    expect(assigned.textContent).toContain('Sam Seat: Done');
    expect(assigned.textContent).toContain('Ada Admin: Overdue');
  });
});

describe('assigning learning', () => {
  it('assigns a path to chosen members with a due date, and asks for someone when none is chosen', async () => {
    const fake = mount((f) => f.on(teamLearningRoutes.assign, OVERDUE));
    const form = await screen.findByRole('form', { name: 'Assign learning' });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(within(form).getByLabelText('Learning path'), { target: { value: PATH_ID } });
    fireEvent.click(within(form).getByLabelText('Choose members'));
    fireEvent.click(within(form).getByRole('button', { name: 'Assign learning' }));
    expect(await within(form).findByText(teamLearningMessages.assignees)).toBeDefined();
    expect(fake.callsTo(teamLearningRoutes.assign)).toEqual([]);
    // the owner hands out the learning: only the other members are offered
    expect(within(form).queryByLabelText(/Lena Owner/)).toBeNull();
    fireEvent.click(within(form).getByLabelText('Ada Admin (ada@example.com)'));
    fireEvent.change(within(form).getByLabelText('Due date (optional)'), { target: { value: '2030-04-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign learning' }));
    expect(await within(form).findByText('Assigned Start with the Web to 2 people.')).toBeDefined();
    expect(fake.callsTo(teamLearningRoutes.assign).map((c) => c.body)).toEqual([
      { target: { kind: 'path', id: PATH_ID }, userIds: ['u3'], dueAt: '2030-04-30' },
    ]);
  });

  it("offers the catalogue's courses too, and shows the server's refusal", async () => {
    mount((f) => {
      f.on(productRoutes.list, {
        // the form reads only a product's id and title
        items: [{ _id: '0000000000000000000e0001', title: 'SQL for Analysts' } as PublicProduct],
        total: 1,
        page: 1,
        limit: 50,
      });
      f.on(teamLearningRoutes.assign, failure(404, teamLearningMessages.targetMissing));
    });
    const form = await screen.findByRole('form', { name: 'Assign learning' });
    fireEvent.click(within(form).getByLabelText('A course'));
    const course = within(form).getByLabelText('Course');
    await waitFor(() => expect(within(course).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(course, { target: { value: '0000000000000000000e0001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign learning' }));
    expect(await within(form).findByText(teamLearningMessages.targetMissing)).toBeDefined();
  });
});
