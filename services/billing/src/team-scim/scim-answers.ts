import SCIMMY from 'scimmy';
import { SCIM_MEDIA_TYPE, scimErrorDocument } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { translateMessage } from '@catalyst/service-kit';

SCIMMY.Resources.declare(SCIMMY.Resources.User);
SCIMMY.Resources.declare(SCIMMY.Resources.Group);
SCIMMY.Config.set({
  patch: true,
  filter: { supported: true, maxResults: 200 },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Team SCIM token',
      description: "The bearer token the team's owner makes on the team page",
    },
  ],
});

export { SCIMMY };

/** A SCIM document answered as `application/scim+json` (RFC 7644 §3.1). */
export const scimAnswer = (status: number, document?: unknown) =>
  new Response(document === undefined ? null : JSON.stringify(document), {
    status,
    headers: {
      'content-type': SCIM_MEDIA_TYPE,
      'cache-control': 'no-store',
      // RFC 6750 §3: a refused bearer token says which scheme the route wants.
      ...(status === 401 ? { 'www-authenticate': 'Bearer realm="scim"' } : {}),
    },
  });

/** A refusal in SCIM's error shape (RFC 7644 §3.12). */
export class ScimRefusal extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | null,
    detail: string,
  ) {
    super(detail);
  }
}

const errorBody = (status: number, scimType: string | null | undefined, detail: string) =>
  scimErrorDocument(status, detail, scimType);

/** A refusal made before any SCIM handler ran (404, 405, 413, a body that is not JSON) in SCIM's shape. */
export const scimRefusalAnswer = (status: number, message: string) =>
  scimAnswer(status, errorBody(status, status === 400 ? 'invalidSyntax' : null, message));

/**
 * Any refusal as SCIM's error answer: scimmy's keep their status and scimType, a schema's bad value is a 400. Ours
 * are said in the language the directory asks for (Accept-Language; most ask for none: English).
 */
export function scimErrorAnswer(error: unknown, language: Language = 'en'): Response | undefined {
  if (error instanceof ScimRefusal)
    return scimAnswer(
      error.status,
      errorBody(error.status, error.scimType, translateMessage(language, error.message)),
    );
  if (error instanceof SCIMMY.Types.Error)
    return scimAnswer(error.status, errorBody(error.status, error.scimType, error.message));
  // scimmy's schema checks throw a TypeError naming the attribute at fault.
  if (error instanceof TypeError) return scimAnswer(400, errorBody(400, 'invalidValue', error.message));
  return undefined;
}
