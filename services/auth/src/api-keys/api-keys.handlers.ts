import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PREFIX,
  EVICT_USER_HEADER,
  apiKeyMessages,
  teamMessages,
  teamRoutes,
  type ApiKey,
  type CreateApiKeyBody,
  type Identity,
  type adminApiKeyRoutes,
  type apiKeyInternalRoutes,
  type teamApiKeyRoutes,
} from '@catalyst/contracts';
import { forbidden, notFound, reply, unauthorized, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { identityOf } from '../users/users.repository';
import {
  findKey,
  findLiveKeyByHash,
  insertKey,
  listKeys,
  revokeKey,
  touchKey,
  type ListedKeyRow,
} from './api-keys.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How much of the secret lists show: the prefix and four random characters. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toApiKey(row: ListedKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    teamId: row.team_id,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** A key cannot make or revoke keys: only a person signed in can. */
function refuseKeys(identity: Identity) {
  if (identity.apiKey) throw forbidden(apiKeyMessages.keysCannotManageKeys);
}

/**
 * API keys: admins' (any scope, the whole site) and team owners' (bound to their team, which billing says they
 * own). The secret is 256 random bits, answered once and kept as its SHA-256; the gateway resolves it here.
 */
export function createApiKeyHandlers({ db, peers }: Deps) {
  async function create(identity: Identity, body: CreateApiKeyBody, teamId: string | null) {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const days = body.expiresInDays ?? null;
    const id = await insertKey(db, {
      name: body.name.trim(),
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      secretHash: hashSecret(secret),
      scopes: body.scopes,
      teamId,
      createdBy: identity.id,
      expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS),
    });
    const row = await findKey(db, id);
    return { key: toApiKey(row!), secret };
  }

  /** Revokes a key and names its owner, whose cached identities (the key's among them) the gateways forget. */
  async function revoke(row: ListedKeyRow | undefined) {
    if (!row) throw notFound(apiKeyMessages.notFound);
    await revokeKey(db, row.id);
    const after = await findKey(db, row.id);
    return reply(toApiKey(after!), { headers: { [EVICT_USER_HEADER]: row.created_by } });
  }

  /** The caller owns the team, as billing says (its own rule: 404 outside the team, 403 for a lesser role). */
  async function requireTeamOwner(identity: Identity, teamId: string, requestId: string) {
    refuseKeys(identity);
    const { team } = await peers.billing.call(teamRoutes.mine, {}, { identity, requestId });
    if (!team || team.id !== teamId) throw notFound(teamMessages.teamNotFound);
    if (team.role !== 'owner') throw forbidden(teamMessages.ownerOnly);
  }

  const admin: RouteHandlers<typeof adminApiKeyRoutes> = {
    async listApiKeys({ identity }) {
      refuseKeys(identity);
      return { items: (await listKeys(db)).map(toApiKey) };
    },
    async createApiKey({ identity, body }) {
      refuseKeys(identity);
      return create(identity, body, null);
    },
    async revokeApiKey({ identity, params }) {
      refuseKeys(identity);
      return revoke(await findKey(db, params.keyId));
    },
  };

  const team: RouteHandlers<typeof teamApiKeyRoutes> = {
    async listTeamApiKeys({ identity, params, requestId }) {
      await requireTeamOwner(identity, params.id, requestId);
      return { items: (await listKeys(db, params.id)).map(toApiKey) };
    },
    async createTeamApiKey({ identity, params, body, requestId }) {
      await requireTeamOwner(identity, params.id, requestId);
      return create(identity, body, params.id);
    },
    async revokeTeamApiKey({ identity, params, requestId }) {
      await requireTeamOwner(identity, params.id, requestId);
      const row = await findKey(db, params.keyId);
      return revoke(row?.team_id === params.id ? row : undefined);
    },
  };

  const internal: RouteHandlers<typeof apiKeyInternalRoutes> = {
    async resolveApiKey({ body: { secret } }) {
      if (!secret.startsWith(API_KEY_PREFIX)) throw unauthorized(apiKeyMessages.invalid);
      const hash = hashSecret(secret);
      const row = await findLiveKeyByHash(db, hash);
      // The row was found by this hash; the comparison in constant time keeps it so should the lookup change.
      if (!row || !timingSafeEqual(Buffer.from(row.secret_hash), Buffer.from(hash)))
        throw unauthorized(apiKeyMessages.invalid);
      if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000)
        await touchKey(db, row.key_id);
      // A key acts as a learner of its owner's account, never with the owner's admin or studio rights: its scopes
      // name what it opens (the catalogue as the public reads it, the owner's own teams), so an admin's key
      // reads no drafts and no premium item the account has no plan for.
      const identity: Identity = {
        ...identityOf({ ...row, role: 'user' }),
        apiKey: {
          id: row.key_id,
          scopes: row.scopes,
          teamId: row.team_id,
          expiresAt: row.expires_at?.toISOString() ?? null,
        },
      };
      return { identity };
    },
  };

  return { admin, team, internal };
}
