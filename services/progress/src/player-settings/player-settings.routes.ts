import type { Hono } from 'hono';
import { DEFAULT_PLAYER_SETTINGS, playerSettingRoutes, type PlayerSettings } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** The learner's player settings, as declared in the contracts (playerSettingRoutes): one row per learner. */
export const mountPlayerSettings = (app: Hono<AppEnv>, { db }: Pick<Deps, 'db'>) =>
  mountRoutes(app, playerSettingRoutes, {
    async playerSettings({ identity }): Promise<PlayerSettings> {
      const row = await db
        .selectFrom('player_settings')
        .select('autoplay')
        .where('user_id', '=', identity.id)
        .executeTakeFirst();
      return row ?? DEFAULT_PLAYER_SETTINGS;
    },
    async updatePlayerSettings({ identity, body }): Promise<PlayerSettings> {
      const row = await db
        .insertInto('player_settings')
        .values({ user_id: identity.id, autoplay: body.autoplay })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ autoplay: body.autoplay, updated_at: new Date() }),
        )
        .returning('autoplay')
        .executeTakeFirstOrThrow();
      return row;
    },
  });
