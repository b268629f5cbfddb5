import type { Hono } from 'hono';
import {
  DIGEST_DEFAULT_TIME_ZONE,
  TIME_ZONE_REFUSED,
  digestRoutes,
  type DigestSettings,
} from '@catalyst/contracts';
import { badRequest, mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { resubscribe } from '../notifications/follows.repository';
import { isTimeZone } from './digest-week';

/** Turns one's weekly e-mail off (its one-click unsubscribe, and the link in it). */
export async function stopDigestOf(db: Deps['db'], userId: string): Promise<void> {
  await db
    .insertInto('digest_settings')
    .values({ user_id: userId, weekly: false })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ weekly: false, updated_at: new Date() }))
    .execute();
}

/** One's weekly e-mail (digestRoutes): on or off, and the time zone the browser told. */
export function mountDigest(app: Hono<AppEnv>, { db }: Pick<Deps, 'db'>) {
  const settingsOf = async (userId: string): Promise<DigestSettings> => {
    const row = await db
      .selectFrom('digest_settings')
      .select(['weekly', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { weekly: row?.weekly ?? true, timeZone: row?.time_zone ?? DIGEST_DEFAULT_TIME_ZONE };
  };
  mountRoutes(app, digestRoutes, {
    settings: ({ identity }) => settingsOf(identity.id),
    async saveSettings({ body, identity }) {
      if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
        throw badRequest(TIME_ZONE_REFUSED, [{ field: 'timeZone', message: TIME_ZONE_REFUSED }]);
      const changes = {
        ...(body.weekly !== undefined ? { weekly: body.weekly } : {}),
        ...(body.timeZone !== undefined ? { time_zone: body.timeZone } : {}),
        updated_at: new Date(),
      };
      await db
        .insertInto('digest_settings')
        .values({ user_id: identity.id, ...changes })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
        .execute();
      // Switching the weekly e-mail on, on purpose, takes back an earlier "stop all community e-mails".
      if (body.weekly === true) await resubscribe(db, identity.id);
      return settingsOf(identity.id);
    },
  });
}
