// A team's groups over HTTP against a real Postgres: the owner and admins make, rename, fill and delete them,
// nobody else sees them, a member removed from the team leaves its groups, and learning assigned to a group
// reaches its members now and who joins it later (each with the assignment's e-mail). Titles and standings come
// from content and progress stand-ins answering their declared internal routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentInternalRoutes,
  progressInternalRoutes,
  teamAssignmentSchema,
  teamGroupMessages,
  teamGroupSchema,
  teamMessages,
  type Identity,
  type ProductSummary,
} from '@catalyst/contracts';
import { notFound } from '@catalyst/service-kit';
import { createPeerStandIn, type PeerStandIn } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';

const course = '11111111111111111111ab01';

let world: BillingWorld;
let content: PeerStandIn;
let progress: PeerStandIn;
const person = learnerFactory('8', 'Grouped');
const owner = person();
const admin = person();
const ana = person();
const ben = person();
const cat = person();
const outsider = person();
let teamId: string;

beforeAll(async () => {
  const product: ProductSummary = {
    _id: course,
    productId: 'sql101',
    slug: 'sql',
    title: 'SQL for Analysts',
    thumbnail: null,
    duration: 60,
    type: 'course',
    categoryId: '22222222222222222222bb01',
    creatorId: '33333333333333333333cc01',
    isPublished: true,
    price: 10,
  };
  content = (await createPeerStandIn()).answer(contentInternalRoutes.product, ({ params }) => {
    if (params.idOrSlug !== course) throw notFound('Product not found');
    return product;
  });
  progress = (await createPeerStandIn()).answer(progressInternalRoutes.teamFigures, ({ body }) => ({
    learners: (body.userIds as string[]).map((userId) => ({
      userId,
      lastActiveAt: null,
      minutesThisMonth: 0,
      inProgress: 0,
      finished: 0,
      certificates: 0,
      items: Object.fromEntries((body.productIds ?? []).map((id: string) => [id, 'not_started' as const])),
    })),
    months: [],
  }));
  world = await startBillingWorld({
    config: { CONTENT_URL: content.baseUrl, PROGRESS_URL: progress.baseUrl },
  });
  const team = await world.db
    .insertInto('teams')
    .values({
      name: 'Globex',
      owner_user_id: owner.id,
      interval: 'year',
      seats: 10,
      status: 'active',
      stripe_customer_id: 'cus_globex',
      stripe_subscription_id: 'sub_globex',
      checkout_session_id: 'cs_globex',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamId = team.id;
  const roles: Array<[Identity, 'owner' | 'admin' | 'member']> = [
    [owner, 'owner'],
    [admin, 'admin'],
    [ana, 'member'],
    [ben, 'member'],
    [cat, 'member'],
  ];
  await world.db
    .insertInto('team_members')
    .values(
      roles.map(([p, role]) => ({ team_id: teamId, user_id: p.id, name: p.name, email: p.email, role })),
    )
    .execute();
});
afterAll(async () => {
  await world?.close();
  await Promise.all([content?.close(), progress?.close()]);
});

const groups = (as: Identity) => world.call('GET', `/teams/${teamId}/groups`, { as });
const createGroup = (as: Identity, body: unknown) =>
  world.call('POST', `/teams/${teamId}/groups`, { as, body });
const updateGroup = (as: Identity, id: string, body: unknown) =>
  world.call('PUT', `/teams/${teamId}/groups/${id}`, { as, body });
const auditActions = async () =>
  (
    await world.db
      .selectFrom('team_audit')
      .select(['action', 'detail'])
      .where('team_id', '=', teamId)
      .execute()
  ).map((a) => `${a.action}: ${a.detail}`);

describe('team groups', () => {
  it('are made, renamed, filled and deleted by the owner and admins, and audit-logged', async () => {
    const made = await createGroup(admin, { name: ' Analysts ', memberIds: [ana.id, ben.id] });
    expect(made.status).toBe(201);
    const group = teamGroupSchema.parse(made.body.data);
    expect(group).toMatchObject({ name: 'Analysts', source: 'team' });
    expect(group.memberIds.sort()).toEqual([ana.id, ben.id].sort());
    expect((await createGroup(owner, { name: 'analysts' })).body).toMatchObject({
      success: false,
      message: teamGroupMessages.nameTaken,
    });
    const renamed = await updateGroup(owner, group.id, { name: 'Data', memberIds: [ben.id, cat.id] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Data' });
    expect((renamed.body.data.memberIds as string[]).sort()).toEqual([ben.id, cat.id].sort());
    expect((await groups(owner)).body.data).toHaveLength(1);
    const deleted = await world.call('DELETE', `/teams/${teamId}/groups/${group.id}`, { as: admin });
    expect(deleted.body.data).toEqual({ deleted: true });
    expect((await groups(owner)).body.data).toEqual([]);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'group_created: Analysts',
        'group_changed: Analysts renamed Data',
        'group_changed: Data: 1 added, 1 removed',
        'group_deleted: Data',
      ]),
    );
  });

  it('are refused to members (403) and to other teams (404), and hold only the team’s members (400)', async () => {
    expect((await groups(ana)).status).toBe(403);
    expect((await createGroup(ana, { name: 'Mine' })).body.message).toBe(teamMessages.ownerOrAdminOnly);
    expect((await groups(outsider)).status).toBe(404);
    const outside = await createGroup(owner, { name: 'Mixed', memberIds: [ana.id, outsider.id] });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(teamGroupMessages.notMembers);
    expect((await createGroup(owner, { name: '   ' })).status).toBe(400);
    const missing = await updateGroup(owner, '00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(missing.status).toBe(404);
  });

  it('lose a member the team removes', async () => {
    const group = teamGroupSchema.parse(
      (await createGroup(owner, { name: 'Leavers', memberIds: [ana.id, cat.id] })).body.data,
    );
    const removed = await world.call('DELETE', `/teams/${teamId}/members/${cat.id}`, { as: owner });
    expect(removed.status).toBe(200);
    const [kept] = (await groups(owner)).body.data as Array<{ id: string; memberIds: string[] }>;
    expect(kept).toMatchObject({ id: group.id, memberIds: [ana.id] });
    await world.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: cat.id, name: cat.name, email: cat.email, role: 'member' })
      .execute();
    await world.call('DELETE', `/teams/${teamId}/groups/${group.id}`, { as: owner });
  });

  it('keeps a group the directory made read-only here (409)', async () => {
    const directory = await world.db
      .insertInto('team_groups')
      .values({ team_id: teamId, name: 'From Okta', source: 'directory', external_id: 'okta-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await groups(admin)).body.data).toEqual([expect.objectContaining({ source: 'directory' })]);
    const rename = await updateGroup(owner, directory.id, { name: 'Mine now' });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe(teamGroupMessages.directoryKept);
    expect(
      (await world.call('DELETE', `/teams/${teamId}/groups/${directory.id}`, { as: owner })).status,
    ).toBe(409);
    await world.db.deleteFrom('team_groups').where('id', '=', directory.id).execute();
  });
});

describe('assigning to a group', () => {
  it('reaches its members now and who joins it later, each with the e-mail', async () => {
    const group = teamGroupSchema.parse(
      (await createGroup(owner, { name: 'Finance', memberIds: [ana.id] })).body.data,
    );
    const sentBefore = world.mailer.sent.length;
    const assigned = await world.call('POST', `/teams/${teamId}/assignments`, {
      as: admin,
      body: { target: { kind: 'product', id: course }, groupId: group.id, dueAt: '2030-01-31' },
    });
    expect(assigned.status).toBe(200);
    const assignment = teamAssignmentSchema.parse(assigned.body.data);
    expect(assignment.group).toEqual({ id: group.id, name: 'Finance' });
    expect(assignment.assignees.map((a) => a.userId)).toEqual([ana.id]);
    expect(world.mailer.sent.slice(sentBefore).map((m) => m.to)).toEqual([ana.email]);

    await updateGroup(owner, group.id, { memberIds: [ana.id, ben.id] });
    expect(world.mailer.sent.slice(sentBefore).map((m) => m.to)).toEqual([ana.email, ben.email]);
    expect(world.mailer.sent.at(-1)!.subject).toBe('Globex assigned you SQL for Analysts');
    const mine = await world.call('GET', '/teams/assignments/mine', { as: ben });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: assignment.id, dueAt: assignment.dueAt })]);

    // Leaving the group keeps what was assigned; joining again mails nobody twice.
    await updateGroup(owner, group.id, { memberIds: [ana.id] });
    await updateGroup(owner, group.id, { memberIds: [ana.id, ben.id] });
    expect(world.mailer.sent.slice(sentBefore)).toHaveLength(2);
    const list = await world.call('GET', `/teams/${teamId}/assignments`, { as: owner });
    const [listed] = list.body.data as Array<{ assignees: Array<{ userId: string }> }>;
    expect(listed!.assignees.map((a) => a.userId).sort()).toEqual([ana.id, ben.id].sort());
  });

  it('refuses a group of another team or none (404), and a body naming two kinds of assignee (400)', async () => {
    const missing = await world.call('POST', `/teams/${teamId}/assignments`, {
      as: owner,
      body: { target: { kind: 'product', id: course }, groupId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(teamGroupMessages.notFound);
    const both = await world.call('POST', `/teams/${teamId}/assignments`, {
      as: owner,
      body: {
        target: { kind: 'product', id: course },
        all: true,
        groupId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(both.status).toBe(400);
  });
});
