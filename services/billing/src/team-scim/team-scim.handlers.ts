import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  API_PREFIX,
  authInternalRoutes,
  provisionUserResponseSchema,
  SCIM_MEDIA_TYPE,
  teamMessages,
  teamScimMessages,
  type teamScimRoutes,
  type teamScimTokenRoutes,
} from '@catalyst/contracts';
import {
  createPeer,
  HttpError,
  isUniqueViolation,
  requestLanguage,
  type RouteHandlers,
} from '@catalyst/service-kit';
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
} from '../teams/teams.repository';
import { SCIMMY, ScimRefusal, scimAnswer, scimErrorAnswer } from './scim-answers';
import { createScimGroupHandlers } from './scim-groups';
import { DIRECTORY, bodyOf, filterOf, listAnswer, pageOf, type ScimContext } from './scim-request';
import {
  deleteScimToken,
  deleteScimUser,
  findScimToken,
  listScimUsers,
  saveScimToken,
  saveScimUser,
  teamOfScimToken,
  type ScimUserRow,
} from './team-scim.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
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

/** A team's SCIM User: a member (active) or a person the directory deactivated (no seat). Its id is the account's. */
function userResource(base: string, user: ScimUserRow) {
  return {
    schemas: [USER_SCHEMA],
    id: user.user_id,
    ...(user.external_id ? { externalId: user.external_id } : {}),
    userName: user.email,
    displayName: user.name,
    name: { formatted: user.name },
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.active,
    meta: {
      resourceType: 'User',
      created: user.created_at.toISOString(),
      lastModified: user.created_at.toISOString(),
      location: `${base}/Users/${user.user_id}`,
    },
  };
}

/** The address a SCIM User names: its userName (the directory's sign-in name is the e-mail address). */
function addressOf(user: { userName?: unknown }): string {
  const parsed = emailSchema.safeParse(user.userName);
  if (!parsed.success) throw new ScimRefusal(400, 'invalidValue', 'userName must be an e-mail address');
  return parsed.data;
}

/** The externalId a User or Group document gives: a string, null when left out or cleared. */
export const externalIdOf = (document: Record<string, unknown>): string | null =>
  typeof document.externalId === 'string' && document.externalId.trim()
    ? document.externalId.trim().slice(0, 200)
    : null;

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

/**
 * SCIM 2.0 for a team's directory: the team's token says which team; a User is a member (its seat), made with
 * an account in auth when there is none; active false frees the seat at once and keeps the person as an inactive
 * User (active true takes a seat again when one is free); DELETE removes them (the account stays).
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

  /** The User `id` names in this team, else 404 (another team's member is not this token's to see). */
  async function userOf(teamId: string, id: string) {
    const [user] = /^[0-9a-f]{24}$/.test(id) ? await listScimUsers(db, teamId, { userId: id }) : [];
    if (!user) throw new ScimRefusal(404, null, teamScimMessages.userNotFound);
    return user;
  }

  /** Frees a member's seat at once (the owner's is not the directory's to free); answers whether one was freed. */
  async function freeSeat(
    teamId: string,
    user: ScimUserRow,
    how: 'deactivated' | 'deleted',
    requestId: string,
  ) {
    const freed = await db.transaction().execute(async (trx) => {
      await findTeam(trx, teamId, { lock: true });
      const seat = await findSeatOf(trx, user.user_id);
      if (seat?.role === 'owner' && seat.team_id === teamId)
        throw new ScimRefusal(400, 'mutability', teamMessages.ownerCannotBeRemoved);
      if (how === 'deactivated')
        await saveScimUser(trx, {
          team_id: teamId,
          user_id: user.user_id,
          email: user.email,
          name: user.name,
        });
      else await deleteScimUser(trx, teamId, user.user_id);
      if (!seat || seat.team_id !== teamId) return false;
      await deleteMember(trx, teamId, seat.user_id);
      await addAudit(trx, {
        team_id: teamId,
        ...DIRECTORY,
        action: 'removed',
        detail: `${seat.email} (${how} by directory sync)`,
      });
      return true;
    });
    if (freed) await deps.invalidations.publish('entitlement', user.user_id, requestId);
  }

  /** Gives a person a seat again: 409 when they sit in another team or every seat is taken (the owner told). */
  async function takeSeat(
    team: { id: string },
    person: { user_id: string; email: string; name: string },
    detail: string,
    requestId: string,
  ) {
    const outcome = await db.transaction().execute(async (trx) => {
      const locked = (await findTeam(trx, team.id, { lock: true }))!;
      const seat = await findSeatOf(trx, person.user_id);
      if (seat && seat.team_id === team.id)
        throw new ScimRefusal(409, 'uniqueness', teamScimMessages.alreadyMember);
      if (seat) throw new ScimRefusal(409, 'uniqueness', teamScimMessages.inAnotherTeam);
      if (locked.status === 'canceled') throw new ScimRefusal(400, null, teamMessages.teamInactive);
      const members = await listMembers(trx, team.id);
      if (members.length >= locked.seats)
        return { full: true as const, team: locked, owner: members.find((m) => m.role === 'owner') };
      await insertMember(trx, {
        team_id: team.id,
        user_id: person.user_id,
        name: person.name.slice(0, 100),
        email: person.email,
        role: 'member',
      });
      await addAudit(trx, { team_id: team.id, ...DIRECTORY, action: 'joined', detail });
      return { full: false as const };
    });
    if (outcome.full) {
      if (outcome.owner) await sendTeamFullMail(deps, outcome.owner, outcome.team, person.email);
      throw new ScimRefusal(409, null, teamScimMessages.teamFull);
    }
    await deps.invalidations.publish('entitlement', person.user_id, requestId);
    await endPersonalPlan(deps, person.user_id);
  }

  /** Answers SCIM documents, and every refusal in SCIM's error shape. */
  const scim =
    <I>(run: (input: I, c: ScimContext) => Promise<Response>) =>
    async (input: I, c: ScimContext) => {
      try {
        return await run(input, c);
      } catch (error) {
        const language = requestLanguage(c);
        const answer = scimErrorAnswer(error, language);
        if (answer) return answer;
        if (isUniqueViolation(error))
          return scimErrorAnswer(
            new ScimRefusal(409, 'uniqueness', teamScimMessages.externalIdTaken),
            language,
          )!;
        // A peer's refusal or outage (auth down: 503) is still SCIM's shape, so the directory retries it.
        if (error instanceof HttpError) {
          const scimType = error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : null;
          return scimErrorAnswer(new ScimRefusal(error.status, scimType, error.message), language)!;
        }
        throw error;
      }
    };

  /** Keeps a replaced or patched User: its externalId and name; active false frees the seat, true takes one. */
  async function applyUser(
    team: { id: string },
    current: ScimUserRow,
    user: Record<string, unknown>,
    requestId: string,
  ): Promise<Response> {
    if (addressOf(user) !== current.email)
      throw new ScimRefusal(400, 'mutability', 'userName is the member’s e-mail address and cannot change');
    const name =
      typeof user.displayName === 'string' && user.displayName.trim()
        ? user.displayName.trim().slice(0, 100)
        : current.name;
    const externalId = externalIdOf(user);
    await db.transaction().execute(async (trx) => {
      await saveScimUser(trx, {
        team_id: team.id,
        user_id: current.user_id,
        email: current.email,
        name,
        external_id: externalId,
      });
      if (current.active && name !== current.name)
        await trx
          .updateTable('team_members')
          .set({ name })
          .where('team_id', '=', team.id)
          .where('user_id', '=', current.user_id)
          .execute();
    });
    if (current.active && user.active === false) await freeSeat(team.id, current, 'deactivated', requestId);
    if (!current.active && user.active !== false)
      await takeSeat(
        team,
        { ...current, name },
        `${current.email} (reactivated by directory sync)`,
        requestId,
      );
    return scimAnswer(200, userResource(base, await userOf(team.id, current.user_id)));
  }

  const currentUser = (user: ScimUserRow) => new SCIMMY.Schemas.User(userResource(base, user), 'out');

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
      const page = pageOf(query);
      const filter = filterOf(query.filter, ['userName', 'externalId']);
      const users = await listScimUsers(db, team.id, {
        ...(filter?.attribute === 'userName' ? { email: filter.value.toLowerCase() } : {}),
        ...(filter?.attribute === 'externalId' ? { externalId: filter.value } : {}),
      });
      return scimAnswer(
        200,
        listAnswer(
          users.map((u) => userResource(base, u)),
          page,
        ),
      );
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
      if ((await listScimUsers(db, team.id, { userId: account.id })).length > 0)
        throw new ScimRefusal(409, 'uniqueness', teamScimMessages.alreadyMember);
      const person = {
        user_id: account.id,
        email: account.email,
        name: (name ?? account.name).slice(0, 100),
      };
      await takeSeat(team, person, `${account.email} (directory sync)`, requestId);
      await saveScimUser(db, { team_id: team.id, ...person, external_id: externalIdOf(user) });
      const resource = userResource(base, await userOf(team.id, account.id));
      return new Response(JSON.stringify(resource), {
        status: 201,
        headers: { 'content-type': SCIM_MEDIA_TYPE, location: resource.meta.location },
      });
    }),

    getUser: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      return scimAnswer(200, userResource(base, await userOf(team.id, params.id)));
    }),

    replaceUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      const current = await userOf(team.id, params.id);
      const user = new SCIMMY.Schemas.User(await bodyOf(c), 'in') as unknown as Record<string, unknown>;
      return applyUser(team, current, user, requestId);
    }),

    patchUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      const current = await userOf(team.id, params.id);
      const body = normalisedOperations(await bodyOf(c));
      const patch = new SCIMMY.Messages.PatchOp(
        body as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0],
      );
      const patched = (await patch.apply(currentUser(current))) as unknown as
        Record<string, unknown> | undefined;
      return applyUser(
        team,
        current,
        patched ?? (currentUser(current) as unknown as Record<string, unknown>),
        requestId,
      );
    }),

    deleteUser: scim(async ({ params, requestId }, c) => {
      const team = await teamOf(c);
      await freeSeat(team.id, await userOf(team.id, params.id), 'deleted', requestId);
      return scimAnswer(204);
    }),

    ...createScimGroupHandlers(deps, { base, teamOf, scim }),
  };
}
