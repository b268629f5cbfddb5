import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { authInternalRoutes } from '@catalyst/contracts';
import { HttpError, mountRoutes, notFound, unauthorized, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword } from '../passwords';
import {
  addressLanguages,
  countUsers,
  findUserByEmail,
  insertUser,
  lookupUsers,
} from '../users/users.repository';

/** Service-to-service routes (the shared-secret guard is service-kit's; the gateway never exposes them). */
export const mountInternal = (app: Hono<AppEnv>, { db, sessions, users }: Deps) =>
  mountRoutes(app, authInternalRoutes, {
    async resolveSession({ body: { token } }) {
      const identity = await sessions.resolve(token);
      if (!identity) throw unauthorized('Session is invalid, expired or revoked');
      return { identity };
    },
    userCount: async () => ({ count: await countUsers(db) }),
    lookupUsers: ({ body: { ids } }) => lookupUsers(db, ids),
    addressLanguages: ({ body: { emails } }) => addressLanguages(db, emails),
    async provisionUser({ body: { email, name } }) {
      let user = await findUserByEmail(db, email);
      let created = false;
      if (!user) {
        // The directory vouches for the address: verified, with a password nobody knows (a reset can set one).
        user = await insertUser(db, {
          name: (name || email.split('@')[0]!).slice(0, 50).padEnd(2, '.'),
          email,
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          emailVerifiedAt: new Date(),
        }).catch(async (error: unknown) => {
          if (error instanceof HttpError && error.status === 409) return findUserByEmail(db, email);
          throw error;
        });
        created = true;
      } else if (!user.email_verified_at) {
        await db
          .updateTable('users')
          .set({ email_verified_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        await users.forget(user.id);
      }
      if (!user) throw new HttpError(409, 'The account could not be created');
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        created,
        deactivated: user.deactivated_at !== null,
      };
    },
    /** Content links an account to a creator (and unlinks it); an admin stays an admin. Cached identities go at once. */
    async setRole({ params: { userId }, body: { role, creatorId = null } }) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw notFound('Account not found');
      if (user.role === 'admin') return { id: user.id, role: user.role };
      await db
        .updateTable('users')
        .set({ role, creator_id: role === 'creator' ? creatorId : null })
        .where('id', '=', user.id)
        .execute();
      await users.forget(user.id);
      await sessions.forgetUser(user.id);
      return { id: user.id, role };
    },
  });
