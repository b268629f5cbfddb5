import { issuerUrlProblem, xapiMessages, type XapiSettings, type xapiAdminRoutes } from '@catalyst/contracts';
import {
  SECRET_PURPOSES,
  badRequest,
  conflict,
  reply,
  sealSecret,
  secretBoxKey,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { XapiSettingsRow } from '../db/tables/xapi';
import type { Deps } from '../deps';
import { SEALED_FOR, sendTestStatement } from './delivery';
import { siteOf } from './xapi-feed';
import * as repo from './xapi.repository';

const answer = (row: XapiSettingsRow | undefined): XapiSettings =>
  row
    ? {
        endpoint: row.endpoint,
        key: row.lrs_key,
        secretSet: row.secret_sealed !== '',
        enabled: row.enabled,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;

/** The admin's side of xAPI: the site's LRS (its secret sealed, never answered), a test statement, the log. */
export function createXapiHandlers(deps: Deps): RouteHandlers<typeof xapiAdminRoutes> {
  const key = secretBoxKey(deps.config.INTERNAL_SECRET, SECRET_PURPOSES.xapiLrsSecret);
  const now = () => new Date();

  return {
    async getSettings() {
      return answer(await repo.findSettings(deps.db));
    },

    async putSettings({ body }) {
      const problem = issuerUrlProblem(body.endpoint, deps.config.XAPI_ALLOW_LOOPBACK_HTTP, {
        invalid: xapiMessages.endpoint,
        notHttps: xapiMessages.endpointHttps,
      });
      if (problem) throw badRequest(problem, [{ field: 'endpoint', message: problem }]);
      const saved = await repo.findSettings(deps.db);
      if (body.secret === undefined && !saved)
        throw badRequest(xapiMessages.secretMissing, [
          { field: 'secret', message: xapiMessages.secretMissing },
        ]);
      return answer(
        await repo.saveSettings(deps.db, {
          endpoint: body.endpoint,
          lrs_key: body.key,
          secret_sealed:
            body.secret === undefined ? saved!.secret_sealed : sealSecret(key, SEALED_FOR, body.secret),
          enabled: body.enabled,
        }),
      );
    },

    async sendTest({ identity }) {
      const settings = await repo.findSettings(deps.db);
      if (!settings) throw conflict(xapiMessages.notSet);
      const result = await sendTestStatement({ ...deps, now }, settings, siteOf(deps.config), identity.id);
      return reply(result, { message: result.delivered ? xapiMessages.testSent : xapiMessages.testRefused });
    },

    async deliveries() {
      return repo.deliveryLog(deps.db);
    },
  };
}
