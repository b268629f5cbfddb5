import {
  adminUserMessages,
  auditDetail,
  billingInternalRoutes,
  type AdminUser,
  type AdminUserAction,
  type adminUserRoutes,
  type Identity,
} from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  createPeer,
  notFound,
  reply,
  type Logger,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import {
  findAccount,
  insertAuditEntry,
  listAccounts,
  listAuditEntries,
  setDeactivated,
  type AccountRow,
} from './admin-users.repository';

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

function toAdminUser(row: AccountRow, plan: AdminUser['plan']): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
    lastActiveAt: iso(row.last_active_at),
    deactivatedAt: iso(row.deactivated_at),
    // Admins open everything without a plan (spec section 4): billing is not asked about them.
    plan: row.role === 'admin' ? 'premium' : plan,
  };
}

/**
 * The admin users page's API: the list (with each account's plan from billing) and the actions, each
 * written to the admin audit log with who did it. An action answers the account as it now is.
 */
export function createAdminUserHandlers({
  db,
  config,
  users,
  sessions,
  verification,
}: Deps): RouteHandlers<typeof adminUserRoutes> {
  // Its own short timeout: a slow billing must not hold the list; its rows then read "unknown".
  const billing = createPeer({
    baseUrl: config.BILLING_URL,
    secret: config.INTERNAL_SECRET,
    timeoutMs: 2_000,
  });

  async function plansOf(rows: AccountRow[], requestId: string, log: Logger) {
    const userIds = rows.filter((row) => row.role !== 'admin').map((row) => row.id);
    if (userIds.length === 0) return new Map<string, AdminUser['plan']>();
    try {
      const answer = await billing.call(
        billingInternalRoutes.planLookup,
        { body: { userIds } },
        { requestId },
      );
      return new Map<string, AdminUser['plan']>(answer.map((entry) => [entry.userId, entry.plan]));
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'admin users: billing did not answer; plans unknown');
      return new Map<string, AdminUser['plan']>();
    }
  }

  async function account(userId: string) {
    const row = await findAccount(db, userId);
    if (!row) throw notFound(adminUserMessages.userNotFound);
    return row;
  }

  /** The account after an action, with its plan, and the audit row of what was done. */
  async function audited(
    admin: Identity,
    row: AccountRow,
    action: AdminUserAction,
    detail: string | null,
    requestId: string,
    log: Logger,
  ) {
    await insertAuditEntry(db, {
      action,
      admin: { id: admin.id, name: admin.name },
      target: { id: row.id, name: row.name, email: row.email },
      detail,
    });
    log.info({ adminId: admin.id, userId: row.id, action }, 'admin action on an account');
    const after = await account(row.id);
    return toAdminUser(after, (await plansOf([after], requestId, log)).get(after.id) ?? null);
  }

  /** Ends every session and remembered sign-in of the account; the gateway forgets its identities. */
  async function endSessions(userId: string) {
    const ended = await sessions.endOthers(userId, undefined, 'admin');
    await users.forget(userId);
    return ended;
  }

  return {
    async list({ query, requestId, log }) {
      const { rows, total } = await listAccounts(
        db,
        {
          search: query.search,
          role: query.role || undefined,
          verified: query.verified ? query.verified === 'verified' : undefined,
          deactivated: query.status ? query.status === 'deactivated' : undefined,
        },
        { page: query.page, limit: query.limit },
      );
      const plans = await plansOf(rows, requestId, log);
      return {
        items: rows.map((row) => toAdminUser(row, plans.get(row.id) ?? null)),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    async resendVerification({ identity, params, requestId, log }) {
      const row = await account(params.userId);
      if (row.email_verified_at !== null) throw conflict(adminUserMessages.alreadyVerified);
      await verification.send(row);
      const data = await audited(
        identity,
        row,
        'resend-verification',
        auditDetail.sentTo(row.email),
        requestId,
        log,
      );
      return reply(data, { message: adminUserMessages.verificationResent });
    },

    async revokeSessions({ identity, params, requestId, log }) {
      const row = await account(params.userId);
      const ended = await endSessions(row.id);
      const data = await audited(
        identity,
        row,
        'revoke-sessions',
        auditDetail.sessionsEnded(ended),
        requestId,
        log,
      );
      return reply(data, { message: adminUserMessages.sessionsRevoked });
    },

    async deactivate({ identity, params, requestId, log }) {
      if (params.userId === identity.id)
        throw badRequest(adminUserMessages.cannotDeactivateSelf, [
          { field: 'userId', message: adminUserMessages.cannotDeactivateSelf },
        ]);
      const row = await account(params.userId);
      if (!(await setDeactivated(db, row.id, true))) throw conflict(adminUserMessages.alreadyDeactivated);
      const ended = await endSessions(row.id);
      const data = await audited(
        identity,
        row,
        'deactivate',
        auditDetail.sessionsEnded(ended),
        requestId,
        log,
      );
      return reply(data, { message: adminUserMessages.deactivated });
    },

    async reactivate({ identity, params, requestId, log }) {
      const row = await account(params.userId);
      if (!(await setDeactivated(db, row.id, false))) throw conflict(adminUserMessages.notDeactivated);
      await users.forget(row.id);
      const data = await audited(identity, row, 'reactivate', null, requestId, log);
      return reply(data, { message: adminUserMessages.reactivated });
    },

    async auditLog({ query }) {
      const { items, total } = await listAuditEntries(db, query);
      return { items, total, page: query.page, limit: query.limit };
    },
  };
}
