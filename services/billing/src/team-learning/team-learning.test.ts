// A team's learning view and assigned learning over HTTP against a real Postgres: figures and item standings
// come from progress and titles from content (stand-ins answering their declared internal routes), e-mails
// from billing's mailer; only the team's owner and admins see or change any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentInternalRoutes,
  progressInternalRoutes,
  teamAssignmentSchema,
  teamLearningMessages,
  teamMessages,
  type Identity,
  type ItemStanding,
  type LearningPath,
  type ProductSummary,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import { createPeer, notFound } from '@catalyst/service-kit';
import {
  createPeerStandIn,
  identityHeaders,
  TEST_INTERNAL_SECRET,
  type PeerStandIn,
} from '@catalyst/service-kit/testing';
import { makeTeam } from '../team-test-support';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { remindDueAssignments } from './due-reminders';
import { csvField } from './learning-csv';

const course = '11111111111111111111aa01';
const draft = '11111111111111111111aa02';
const pathId = '99999999999999999999aa01';

let world: BillingWorld;
let content: PeerStandIn;
let progress: PeerStandIn;
/** What progress would answer: each user's standing on an item, by `userId/itemId`. */
const standings = new Map<string, ItemStanding>();

const person = learnerFactory('e', 'Learner');
const owner = person();
const admin = person();
const member = person();
const other = person();
const outsider = person();
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  const products: ProductSummary[] = [
    {
      _id: course,
      productId: 'react101',
      slug: 'react',
      title: 'React, "the basics"',
      thumbnail: null,
      duration: 60,
      type: 'course',
      categoryId: '22222222222222222222bb01',
      creatorId: '33333333333333333333cc01',
      isPublished: true,
      price: 10,
    },
  ];
  products.push({ ...products[0]!, _id: draft, productId: 'draft01', isPublished: false });
  const path: LearningPath = {
    _id: pathId,
    slug: 'frontend-path',
    title: 'Front-end path',
    isPublished: true,
    description: '',
    level: 'beginner',
    estimatedHours: 2,
    itemCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    items: [],
  };
  content = (await createPeerStandIn())
    .answer(contentInternalRoutes.product, ({ params }) => {
      const found = products.find((p) => p._id === params.idOrSlug);
      if (!found) throw notFound('Product not found');
      return found;
    })
    .answer(contentInternalRoutes.path, ({ params }) => {
      if (params.idOrSlug !== pathId) throw notFound('Path not found');
      return path;
    });
  progress = (await createPeerStandIn()).answer(progressInternalRoutes.teamFigures, ({ body }) => ({
    learners: (body.userIds as string[]).map((userId, i) => ({
      userId,
      lastActiveAt: i === 0 ? null : '2026-12-01T10:00:00.000Z',
      minutesThisMonth: i * 10,
      inProgress: i,
      finished: 1,
      certificates: 0,
      items: Object.fromEntries(
        [...(body.productIds ?? []), ...(body.pathIds ?? [])].map((id) => [
          id,
          standings.get(`${userId}/${id}`) ?? 'not_started',
        ]),
      ),
    })),
    months: [{ month: '2026-12', activeLearners: 2, minutes: 30, completions: 1, topCourses: [] }],
  }));
  world = await startBillingWorld({
    config: { CONTENT_URL: content.baseUrl, PROGRESS_URL: progress.baseUrl },
  });
  teamId = (
    await makeTeam(world, owner, {
      name: 'Acme',
      seats: 5,
      others: [
        { person: admin, role: 'admin' },
        { person: member, role: 'member' },
        { person: other, role: 'member' },
      ],
    })
  ).id;
  otherTeamId = (await makeTeam(world, outsider, { name: 'Rival' })).id;
});
afterAll(async () => {
  await world?.close();
  await Promise.all([content?.close(), progress?.close()]);
});

const assign = (as: Identity, body: unknown, id = teamId) =>
  world.call('POST', `/teams/${id}/assignments`, { as, body });
const audit = async () =>
  (await world.call('GET', `/teams/${teamId}/audit`, { as: owner })).body.data as Array<{ action: string }>;

describe('assigned learning', () => {
  it('assigns a path to everyone with a due date: an e-mail each, the audit log, each one not started', async () => {
    const sent = world.mailer.sent.length;
    const res = await assign(admin, { target: { kind: 'path', id: pathId }, all: true, dueAt: '2099-01-31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const assignment = teamAssignmentSchema.parse(res.body.data);
    expect(assignment).toMatchObject({
      title: 'Front-end path',
      slug: 'frontend-path',
      dueAt: '2099-01-31T23:59:59.999Z',
      overdue: false,
    });
    expect(assignment.assignees.map((a) => [a.email, a.status])).toEqual(
      [admin, member, other].map((p) => [p.email, 'not_started']),
    );
    const mails = world.mailer.sent.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, member.email, other.email].sort());
    expect(mails[0]!.subject).toBe('Acme assigned you Front-end path');
    expect(mails[0]!.text).toContain('It is due by January 31, 2099.');
    expect(mails[0]!.text).toContain('http://catalyst.test/paths/frontend-path');
    expect((await audit())[0]!.action).toBe('assigned');
  });

  it('flags an assignment overdue once its due date has passed, and done stays done', async () => {
    const res = await assign(owner, {
      target: { kind: 'product', id: course },
      userIds: [member.id, other.id],
      dueAt: '2020-01-01T09:00:00.000Z',
    });
    expect(res.status).toBe(200);
    standings.set(`${other.id}/${course}`, 'done');
    const list = await world.call('GET', `/teams/${teamId}/assignments`, { as: owner });
    expect(list.status).toBe(200);
    const [late] = (list.body.data as unknown[]).map((a) => teamAssignmentSchema.parse(a));
    expect(late!.overdue).toBe(true);
    expect(Object.fromEntries(late!.assignees.map((a) => [a.userId, a.status]))).toEqual({
      [member.id]: 'overdue',
      [other.id]: 'done',
    });

    const mine = await world.call('GET', '/teams/assignments/mine', { as: member });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        title: 'React, "the basics"',
        status: 'overdue',
        overdue: true,
        slug: 'react101',
      }),
      expect.objectContaining({ title: 'Front-end path', status: 'not_started', overdue: false }),
    ]);
    expect((await world.call('GET', '/teams/assignments/mine', { as: outsider })).body.data).toEqual([]);
  });

  it('refuses a draft or unknown item, people outside the team and no one at all', async () => {
    const missing = await assign(owner, { target: { kind: 'product', id: draft }, all: true });
    expect(missing).toMatchObject({ status: 404, body: { message: teamLearningMessages.targetMissing } });
    const unknown = await assign(owner, { target: { kind: 'path', id: course }, all: true });
    expect(unknown.status).toBe(404);
    const stranger = await assign(owner, { target: { kind: 'product', id: course }, userIds: [outsider.id] });
    expect(stranger).toMatchObject({ status: 400, body: { message: teamLearningMessages.notMembers } });
    const nobody = await assign(owner, { target: { kind: 'product', id: course } });
    expect(nobody).toMatchObject({ status: 400, body: { success: false } });
    const badDate = await assign(owner, {
      target: { kind: 'product', id: course },
      all: true,
      dueAt: 'soon',
    });
    expect(badDate.status).toBe(400);
  });

  it('withdraws an assignment (audit-logged); a second time is 404', async () => {
    const list = (await world.call('GET', `/teams/${teamId}/assignments`, { as: admin })).body.data as Array<{
      id: string;
    }>;
    const id = list.at(-1)!.id;
    expect((await world.call('DELETE', `/teams/${teamId}/assignments/${id}`, { as: admin })).status).toBe(
      200,
    );
    expect((await world.call('DELETE', `/teams/${teamId}/assignments/${id}`, { as: admin })).status).toBe(
      404,
    );
    expect((await audit())[0]!.action).toBe('assignment_removed');
  });
});

describe('reminders of assignments coming due', () => {
  it('reminds each assignee who has not finished, once, two days ahead: an assignment.due-soon event each', async () => {
    const now = new Date('2030-06-10T12:00:00.000Z');
    const soon = await assign(owner, {
      target: { kind: 'product', id: course },
      userIds: [admin.id, member.id, other.id],
      dueAt: '2030-06-11',
    });
    expect(soon.status).toBe(200);
    // due in five days: not yet
    await assign(owner, { target: { kind: 'path', id: pathId }, userIds: [member.id], dueAt: '2030-06-15' });
    standings.set(`${other.id}/${course}`, 'done');
    const remind = () =>
      remindDueAssignments({
        db: world.db,
        progress: createPeer({ baseUrl: progress.baseUrl, secret: TEST_INTERNAL_SECRET }),
        now,
      });

    expect(await remind()).toBe(2);
    // Read from the outbox itself: the feed holds a transaction's events back while any older one in the cluster
    // runs (other test files' too).
    const { rows } = await sql<{ user_id: string; data: unknown }>`
      select user_id, data from domain_events
       where type = 'assignment.due-soon' and data->>'assignmentId' = ${soon.body.data.id as string}
       order by user_id`.execute(world.db);
    expect(rows.map((row) => [row.user_id, row.data])).toEqual(
      [admin, member]
        .map((p) => [
          p.id,
          {
            teamId,
            assignmentId: soon.body.data.id,
            targetKind: 'product',
            targetId: course,
            key: 'react101',
            title: 'React, "the basics"',
            dueAt: '2030-06-11T23:59:59.999Z',
          },
        ])
        .sort(),
    );
    expect(await remind()).toBe(0);
  });
});

describe('the learning view', () => {
  it("answers each member's figures with seat status, and the team's months", async () => {
    const res = await world.call('GET', `/teams/${teamId}/learning`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.members).toHaveLength(4);
    expect(res.body.data.members[0]).toEqual({
      userId: owner.id,
      name: owner.name,
      email: owner.email,
      role: 'owner',
      seatStatus: 'active',
      lastActiveAt: null,
      minutesThisMonth: 0,
      inProgress: 0,
      finished: 1,
      certificates: 0,
    });
    expect(res.body.data.months).toHaveLength(1);
  });

  it('exports a CSV file with a header and every member, fields escaped', async () => {
    await world.db
      .updateTable('team_members')
      .set({ name: 'Quinn, "Q" =Jones' })
      .where('user_id', '=', other.id)
      .execute();
    const res = await fetch(`${world.billing.url}/teams/${teamId}/learning.csv`, {
      headers: identityHeaders(owner),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Name,E-mail,Role,Seat,Last active,Minutes this month,Courses in progress,Courses finished,Certificates',
    );
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe(
      `"Quinn, ""Q"" =Jones",${other.email},member,active,2026-12-01T10:00:00.000Z,30,3,1,0`,
    );
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe('team roles', () => {
  it('lets the owner make a member an admin and back, audit-logged; the owner stays owner', async () => {
    const res = await world.call('PUT', `/teams/${teamId}/members/${member.id}/role`, {
      as: owner,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.members.find((m: { userId: string }) => m.userId === member.id).role).toBe('admin');
    expect((await audit())[0]).toMatchObject({
      action: 'role_changed',
      detail: `${member.email}: member → admin`,
    });
    // Now an admin, they see the learning view.
    expect((await world.call('GET', `/teams/${teamId}/learning`, { as: member })).status).toBe(200);
    const back = await world.call('PUT', `/teams/${teamId}/members/${member.id}/role`, {
      as: owner,
      body: { role: 'member' },
    });
    expect(back.status).toBe(200);
    const fixed = await world.call('PUT', `/teams/${teamId}/members/${owner.id}/role`, {
      as: owner,
      body: { role: 'member' },
    });
    expect(fixed).toMatchObject({ status: 409, body: { message: teamLearningMessages.ownerRoleFixed } });
    const bad = await world.call('PUT', `/teams/${teamId}/members/${member.id}/role`, {
      as: owner,
      body: { role: 'owner' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('access', () => {
  it('refuses a plain member (403), an admin changing roles (403), and another team (404)', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/teams/${teamId}/learning`],
      ['GET', `/teams/${teamId}/learning.csv`],
      ['GET', `/teams/${teamId}/assignments`],
      ['POST', `/teams/${teamId}/assignments`, { target: { kind: 'product', id: course }, all: true }],
    ];
    for (const [method, path, body] of routes) {
      const asMember = await world.call(method, path, { as: other, body });
      expect(asMember, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { success: false, message: teamMessages.ownerOrAdminOnly },
      });
      const asOutsider = await world.call(method, path, { as: outsider, body });
      expect(asOutsider, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { message: teamMessages.teamNotFound },
      });
    }
    const role = await world.call('PUT', `/teams/${teamId}/members/${other.id}/role`, {
      as: admin,
      body: { role: 'admin' },
    });
    expect(role).toMatchObject({ status: 403, body: { message: teamMessages.ownerOnly } });
    const cross = await assign(owner, { target: { kind: 'product', id: course }, all: true }, otherTeamId);
    expect(cross.status).toBe(404);
    expect((await world.call('GET', `/teams/${teamId}/learning`)).status).toBe(401);
  });
});
