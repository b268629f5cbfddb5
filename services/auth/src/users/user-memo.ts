import type { Kysely } from 'kysely';
import type { User } from '@catalyst/contracts';
import { TtlLru, type Invalidations } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { findUserById, toUser } from './users.repository';

/**
 * The users /auth/me answers, kept a few seconds in process (the gateway already trusts an identity for as
 * long) so a signed-in page load costs no query. Every write to a user's row calls `forget` after it
 * commits; other replicas hear it as the invalidation `user` (over Redis, REDIS_URL) and, without Redis or while it is down,
 * see the change within the TTL.
 */
export interface UserMemo {
  /** The user as the API shows it, or undefined when there is no such user (absences are never kept). */
  find(id: string): Promise<User | undefined>;
  /** Forgets a user here and on every other replica; call it after the write that changed the row has committed. */
  forget(id: string): Promise<void>;
}

export interface UserMemoOptions {
  db: Kysely<Database>;
  /** 0 turns the memo off (every find is a query). */
  ttlMs: number;
  maxEntries?: number;
  /** Where a changed user is announced to the other replicas (topic 'user', keyed by the id); omitted: this process only. */
  invalidations?: Invalidations;
}

export function createUserMemo({ db, ttlMs, maxEntries = 10_000, invalidations }: UserMemoOptions): UserMemo {
  const entries = new TtlLru<string, User>(maxEntries, ttlMs);
  const inFlight = new Map<string, Promise<User | undefined>>();
  // Bumped by every forget: a query that started before one does not keep its (possibly older) answer.
  let generation = 0;

  const drop = (id: string) => {
    generation++;
    entries.delete(id);
    inFlight.delete(id);
  };
  const dropAll = () => {
    generation++;
    entries.clear();
    inFlight.clear();
  };
  // A resync means messages may have been missed while the subscription was down: start over.
  invalidations?.subscribe('user', (id) => (id ? drop(id) : dropAll()), dropAll);

  const load = (id: string): Promise<User | undefined> => {
    const startedAt = generation;
    const pending = findUserById(db, id)
      .then((row) => {
        const user = row ? Object.freeze(toUser(row)) : undefined;
        if (user && generation === startedAt) entries.set(id, user);
        return user;
      })
      .finally(() => {
        if (inFlight.get(id) === pending) inFlight.delete(id);
      });
    inFlight.set(id, pending);
    return pending;
  };

  return {
    async find(id) {
      if (ttlMs <= 0) return await findUserById(db, id).then((row) => (row ? toUser(row) : undefined));
      return entries.get(id) ?? inFlight.get(id) ?? load(id);
    },

    async forget(id) {
      // Delivered here too (dropping it again is harmless), and to every other replica.
      drop(id);
      await invalidations?.publish('user', id);
    },
  };
}
