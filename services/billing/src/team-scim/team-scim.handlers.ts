import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  API_PREFIX,
  authInternalRoutes,
  provisionUserResponseSchema,
  teamMessages,
  teamScimMessages,
  type teamScimRoutes,
  type teamScimTokenRoutes,
} from '@catalyst/contracts';
import { createPeer, HttpError, type AppEnv, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { endPersonalPlan } from '../teams/personal-plan';
import { actorOf, OWNER, teamFor } from '../teams/team-access';
import { sendTeamFullMail } from '../teams/team-mail';
import {
  addAudit,
  deleteMember,
  findSeatOf,
  findTeam,
  insertMember,
  listMembers,
  type Db,
} from '../teams/teams.repository';
import type { TeamMember } from '../db/tables/team';
import { SCIMMY, ScimRefusal, scimAnswer, scimErrorAnswer } from './scim-answers';
import { deleteScimToken, findScimToken, saveScimToken, teamOfScimToken } from './team-scim.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const emailSchema = z.string().trim().toLowerCase().email().max(254);

/** The team's owner makes, rotates and revokes its SCIM token; the token is answered once and kept hashed. */
export function createScimTokenHandlers(deps: Deps): RouteHandlers<typeof teamScimTokenRoutes> {
  const { db, config } = deps;
  const baseUrl = `${new URL(config.PUBLIC_URL).origin}${API_PREFIX}/scim/v2`;
  const statusOf = async (teamId: string) => {
    const row = await findScimToken(db, teamId);
    return {
      enabled: row !== undefined,
      baseUrl,
      createdAt: row?.created_at.toISOString() ?? null,
      lastUsedAt: row?.last_used_at?.toISOString() ?? null,
    };
  };
  return {
    async getScimToken({ identity, params }) {
      return statusOf((await teamFor(db, identity, params.id, OWNER)).id);
    },
    async createScimToken({ identity, params }) {
      const team = await teamFor(db, identity, params.id, OWNER);
      const token = `scim_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction().execute(async (trx) => {
        const saved = await saveScimToken(trx, team.id, hashOf(token));
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'scim_token_created',
          detail: '',
        });
        return saved;
      });
      return { token, baseUrl, createdAt: row.created_at.toISOString() };
    },
    async revokeScimToken({ identity, params }) {
      const team = await teamFor(db, identity, params.id, OWNER);
      await db.transaction().execute(async (trx) => {
        if (await deleteScimToken(trx, team.id))
          await addAudit(trx, {
            team_id: team.id,
            ...actorOf(identity),
            action: 'scim_token_revoked',
            detail: '',
          });
      });
      return statusOf(team.id);
    },
  };
}

type ScimContext = Context<AppEnv>;

/** A member as a SCIM User (its id is the account's). */
function userResource(base: string, member: TeamMember) {
  return {
    schemas: [USER_SCHEMA],
    id: member.user_id,
    userName: member.email,
    displayName: member.name,
    name: { formatted: member.name },
    emails: [{ value: member.email, type: 'work', primary: true }],
    active: true,
    meta: {
      resourceType: 'User',
      created: member.joined_at.toISOString(),
      lastModified: member.joined_at.toISOString(),
      location: `${base}/Users/${member.user_id}`,
    },
  };
}

/** The SCIM body of a request: JSON, else SCIM's invalidSyntax. */
async function bodyOf(c: ScimContext): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ScimRefusal(400, 'invalidSyntax', 'The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimRefusal(400, 'invalidSyntax', 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** The address a SCIM User names: its userName (the directory's sign-in name is the e-mail address). */
function addressOf(user: { userName?: unknown }): string {
  const parsed = emailSchema.safeParse(user.userName);
  if (!parsed.success) throw new ScimRefusal(400, 'invalidValue', 'userName must be an e-mail address');
  return parsed.data;
}

/** Azure AD sends booleans as "True"/"False" in PATCH values: read them as the booleans they mean. */
function normalisedOperations(body: Record<string, unknown>) {
  const operations = Array.isArray(body.Operations) ? (body.Operations as Record<string, unknown>[]) : [];
  const asBoolean = (value: unknown) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  return {
    ...body,
    Operations: operations.map((operation) => {
      if (typeof operation !== 'object' || operation === null) return operation;
      const value = operation.value;
      if (String(operation.path ?? '').toLowerCase() === 'active')
        return { ...operation, value: asBoolean(value) };
      if (typeof value === 'object' && value !== null && 'active' in value)
        return {
          ...operation,
          value: { ...value, active: asBoolean((value as { active: unknown }).active) },
        };
      return operation;
    }),
  };
}

/** `startIndex` and `count` of a list (RFC 7644 §3.4.2.4): 1-based, a count of at most 200. */
function pageOf(query: { startIndex?: string; count?: string }) {
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed))
      throw new ScimRefusal(400, 'invalidValue', `${value} is not a whole number`);
    return parsed;
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(200, Math.max(0, number(query.count, 100))),
  };
}

/** The address a `userName eq "…"` filter asks for; undefined without a filter; any other filter is refused. */
function userNameFilterOf(filter: string | undefined): string | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const parsed = new SCIMMY.Types.Filter(filter) as unknown as Record<string, unknown[]>[];
  const [only] = parsed;
  const keys = only ? Object.keys(only) : [];
  const [op, value] = only?.userName ?? [];
  if (parsed.length !== 1 || keys.length !== 1 || keys[0]?.toLowerCase() !== 'username' || op !== 'eq')
    throw new ScimRefusal(400, 'invalidFilter', 'Only filter=userName eq "…" is supported');
  return String(value).trim().toLowerCase();
}

/**
 * SCIM 2.0 for a team's directory: the team's token says which team; a User is a member (its seat), made with
 * an account in auth when there is none; active false, or DELETE, frees the seat at once (the account stays).
 */
export function createScimHandlers(deps: Deps): RouteHandlers<typeof teamScimRoutes> {
  const { db, config } = deps;
  const base = `${new URL(config.PUBLIC_URL).origin}${API_PREFIX}/scim/v2`;
  const auth = createPeer({ baseUrl: config.AUTH_URL, secret: config.INTERNAL_SECRET, timeoutMs: 5_000 });

  /** The team of the request's bearer token, else SCIM's 401. */
  async function teamOf(c: ScimContext) {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const row = token ? await teamOfScimToken(db, hashOf(token)) : undefined;
    const team = row ? await findTeam(db, row.team_id) : undefined;
    if (!team) throw new ScimRefusal(401, null, teamScimMessages.invalidToken);
    return team;
  }

  /** The member `id` names in this team, else 404 (another team's member is not this token's to see). */
  async function memberOf(trxOrDb: Db, teamId: string, id: string) {
    const seat = /^[0-9a-f]{24}$/.test(id) ? await findSeatOf(trxOrDb, id) : undefined;
    if (!seat || seat.team_id !== teamId) throw new ScimRefusal(404, null, teamScimMessages.userNotFound);
    return seat;
  }

  /** Frees a member's seat at once (the owner's is not the directory's to free) and ends their Premium. */
  async function removeSeat(teamId: string, id: string, requestId: string) {
    const removed = await db.transaction().execute(async (trx) => {
      await findTeam(trx, teamId, { lock: true });
      const seat = await memberOf(trx, teamId, id);
      if (seat.role === 'owner') throw new ScimRefusal(400, 'mutability', teamMessages.ownerCannotBeRemoved);
      await deleteMember(trx, teamId, seat.user_id);
      await addAudit(trx, {
        team_id: teamId,
        actor_user_id: null,
        actor_name: 'Directory sync (SCIM)',
        actor_email: '',
        action: 'removed',
        detail: seat.email,
      });
      return seat;
    });
    await deps.invalidations.publish('entitlement', removed.user_id, requestId);
  }

  /** Answers SCIM documents, and every refusal in SCIM's error shape. */
  const scim =
    <I>(run: (input: I, c: ScimContext) => Promise<Response>) =>
    async (input: I, c: ScimContext) => {
      try {
        return await run(input, c);
      } catch (error) {
        const answer = scimErrorAnswer(error);
        if (answer) return answer;
        // A peer's refusal or outage (auth down: 503) is still SCIM's shape, so the directory retries it.
        if (error instanceof HttpError)
          return scimErrorAnswer(new ScimRefusal(error.status, null, error.message))!;
        throw error;
      }
    };

  /** Keeps a replaced or patched User: inactive frees the seat; otherwise its name is the directory's. */
  async function applyUser(
    teamId: string,
    seat: TeamMember,
    user: Record<string, unknown>,
    requestId: string,
  ): Promise<Response> {
    if (user.active === false) {
      await removeSeat(teamId, seat.user_id, requestId);
      return scimAnswer(200, { ...userResource(base, seat), active: false });
    }
    const name =
      typeof user.displayName === 'string' && user.displayName.trim() ? user.displayName.trim() : undefined;
    const updated = name
      ? await db
          .updateTable('team_members')
          .set({ name: name.slice(0, 100) })
          .where('team_id', '=', teamId)
          .where('user_id', '=', seat.user_id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : seat;
    return scimAnswer(200, userResource(base, updated));
  }

  const currentUser = (seat: TeamMember) => new SCIMMY.Schemas.User(userResource(base, seat), 'out');

  return {
    serviceProviderConfig: scim(async (_input, c) => {
      await teamOf(c);
      return scimAnswer(200, await new SCIMMY.Resources.ServiceProviderConfig().read());
    }),
    schemas: scim(async (_input, c) => {
      await teamOf(c);
      return scimAnswer(200, await new SCIMMY.Resources.Schema().read());
    }),
    resourceTypes: scim(async (_input, c) => {
      await teamOf(c);
      return scimAnswer(200, await new SCIMMY.Resources.ResourceType().read());
    }),

    listUsers: scim(async ({ query }, c) => {
      const team = await teamOf(c);
      const { startIndex, count } = pageOf(query);
      const userName = userNameFilterOf(query.filter);
      const members = (await listMembers(db, team.id)).filter((m) => !userName || m.email === userName);
      return scimAnswer(200, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: members.length,
        startIndex,
        itemsPerPage: Math.min(count, Math.max(0, members.length - startIndex + 1)),
        Resources: members.slice(startIndex - 1, startIndex - 1 + count).map((m) => userResource(base, m)),
      });
    }),

    createUser: scim(async ({ requestId }, c) => {
      const team = await teamOf(c);
      const body = await bodyOf(c);
      const user = new SCIMMY.Schemas.User(body, 'in') as unknown as Record<string, unknown>;
      const email = addressOf(user);
      if (user.active === false)
        throw new ScimRefusal(400, 'invalidValue', 'A user is made active: send active false to free a seat');
      const given = user.name as { formatted?: string; givenName?: string; familyName?: string } | undefined;
      const name =
        (typeof user.displayName === 'string' && user.displayName.trim()) ||
        given?.formatted?.trim() ||
        [given?.givenName, given?.familyName].filter(Boolean).join(' ').trim() ||
        undefined;
      const account = provisionUserResponseSchema.parse(
        await auth.call(authInternalRoutes.provisionUser, { body: { email, name } }, { requestId }),
      );
      if (account.deactivated)
        throw new ScimRefusal(400, 'invalidValue', 'This account has been deactivated');
      const outcome = await db.transaction().execute(async (trx) => {
        const locked = (await findTeam(trx, team.id, { lock: true }))!;
        const seat = await findSeatOf(trx, account.id);
        if (seat && seat.team_id === team.id)
          throw new ScimRefusal(409, 'uniqueness', teamScimMessages.alreadyMember);
        if (seat) throw new ScimRefusal(409, 'uniqueness', teamScimMessages.inAnotherTeam);
        if (locked.status === 'canceled') throw new ScimRefusal(400, null, teamMessages.teamInactive);
        const members = await listMembers(trx, team.id);
        if (members.length >= locked.seats)
          return { full: true as const, team: locked, owner: members.find((m) => m.role === 'owner') };
        await insertMember(trx, {
          team_id: team.id,
          user_id: account.id,
          name: (name ?? account.name).slice(0, 100),
          email: account.email,
          role: 'member',
        });
        await addAudit(trx, {
          team_id: team.id,
          actor_user_id: null,
          actor_name: 'Directory sync (SCIM)',
          actor_email: '',
          action: 'joined',
          detail: `${account.email} (directory sync)`,
        });
        return { full: false as const, seat: (await findSeatOf(trx, account.id))! };
      });
      if (outcome.full) {
        if (outcome.owner) await sendTeamFullMail(deps, outcome.owner, outcome.team, email);
        throw new ScimRefusal(409, null, teamScimMessages.teamFull);
      }
      await deps.invalidations.publish('entitlement', account.id, requestId);
      await endPersonalPlan(deps, account.id);
      const resource = userResource(base, outcome.seat);
      return new Response(JSON.stringify(resource), {
        status: 201,
        headers: { 'content-type': 'application/scim+json', location: resource.meta.location },
      });
    }),

    getUser: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      return scimAnswer(200, userResource(base, await memberOf(db, team.id, params.id)));
    }),

    replaceUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      const seat = await memberOf(db, team.id, params.id);
      const user = new SCIMMY.Schemas.User(await bodyOf(c), 'in') as unknown as Record<string, unknown>;
      if (addressOf(user) !== seat.email)
        throw new ScimRefusal(400, 'mutability', 'userName is the member’s e-mail address and cannot change');
      return applyUser(team.id, seat, user, requestId);
    }),

    patchUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      const seat = await memberOf(db, team.id, params.id);
      const body = normalisedOperations(await bodyOf(c));
      const patch = new SCIMMY.Messages.PatchOp(
        body as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0],
      );
      const patched = (await patch.apply(currentUser(seat))) as unknown as
        Record<string, unknown> | undefined;
      const user = patched ?? (currentUser(seat) as unknown as Record<string, unknown>);
      if (addressOf(user) !== seat.email)
        throw new ScimRefusal(400, 'mutability', 'userName is the member’s e-mail address and cannot change');
      return applyUser(team.id, seat, user, requestId);
    }),

    deleteUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      await removeSeat(team.id, params.id, requestId);
      return scimAnswer(204);
    }),

    listGroups: scim(async (_input, c) => {
      const team = await teamOf(c);
      const group = await groupOf(team);
      return scimAnswer(200, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 1,
        startIndex: 1,
        itemsPerPage: 1,
        Resources: [group],
      });
    }),

    getGroup: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      if (params.id !== team.id) throw new ScimRefusal(404, null, 'No such group');
      return scimAnswer(200, await groupOf(team));
    }),
  };

  /** The team as one SCIM Group of its members. */
  async function groupOf(team: { id: string; name: string; created_at: Date }) {
    return {
      schemas: [GROUP_SCHEMA],
      id: team.id,
      displayName: team.name,
      members: (await listMembers(db, team.id)).map((m) => ({
        value: m.user_id,
        display: m.email,
        $ref: `${base}/Users/${m.user_id}`,
      })),
      meta: {
        resourceType: 'Group',
        created: team.created_at.toISOString(),
        location: `${base}/Groups/${team.id}`,
      },
    };
  }
}
