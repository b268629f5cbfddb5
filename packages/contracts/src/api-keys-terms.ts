// The zod-free terms of API keys (scopes, limits, messages): the admin and team pages read them without zod.

/** Every key's secret starts so; the gateway tells a key from a session token by it. */
export const API_KEY_PREFIX = 'cat_live_';

/** What a key may open: a route lists the scopes that open it (`scopes` in its declaration). */
export const API_SCOPES = ['catalog:read', 'progress:read', 'members:read', 'members:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope opens, as the key forms and the API reference say it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'catalog:read': 'Read the catalogue: categories, products and search',
  'progress:read': "Read a team's learning figures and assignments",
  'members:read': "Read a team's members and invitations",
  'members:write': 'Invite and remove team members',
};

/** The scopes whose routes name a team in their path (`/teams/:id/…`): a team key opens them for its own team only. */
export const TEAM_SCOPES: readonly ApiScope[] = ['progress:read', 'members:read', 'members:write'];

export const API_KEY_NAME_MAX = 80;
/** The longest a key may live; none: until revoked. */
export const API_KEY_MAX_DAYS = 365;
/** The lifetimes the forms offer, in days (null: no expiry). */
export const API_KEY_EXPIRY_CHOICES: readonly (number | null)[] = [30, 90, 365, null];

export const apiKeyMessages = {
  invalid: 'The API key is invalid, expired or revoked',
  routeClosed: 'API keys cannot call this route',
  scopeNeeded: (scopes: readonly string[]) =>
    `This API key lacks the scope this route needs: ${scopes.join(' or ')}`,
  otherTeam: 'This API key belongs to another team',
  tooMany: 'Too many requests with this API key. Please try again in a minute.',
  notFound: 'API key not found',
  keysCannotManageKeys: 'API keys cannot manage API keys',
  duplicateScopes: 'Each scope may be given once',
  shownOnce: 'Copy this key now: it is shown only once and cannot be recovered.',
} as const;
