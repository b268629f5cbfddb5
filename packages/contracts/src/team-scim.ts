import { z } from 'zod';

/** SCIM 2.0 (RFC 7643/7644) provisioning of a team's members by the company's directory, with a per-team token. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The answer to creating or rotating a team's SCIM token: the token itself, shown once. */
export const teamScimTokenSchema = z.object({
  token: z.string(),
  /** The SCIM base address the directory is given (…/api/v1/scim/v2). */
  baseUrl: z.string(),
  createdAt: z.string(),
});
export type TeamScimToken = z.infer<typeof teamScimTokenSchema>;

/** Whether a team has a SCIM token (never the token). */
export const teamScimStatusSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TeamScimStatus = z.infer<typeof teamScimStatusSchema>;

/** A SCIM resource id (free-form: the directory echoes what it was given). */
export const scimIdParamsSchema = z.object({ id: z.string() });

/** SCIM list parameters, read as strings: the handler answers SCIM's own 400 for bad values. */
export const scimListQuerySchema = z.object({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
  attributes: z.string().optional(),
  excludedAttributes: z.string().optional(),
});

/** SCIM's error document (RFC 7644 §3.12): `status` is a string; `scimType` where one applies. */
export const scimErrorDocument = (status: number, detail: string, scimType?: string | null) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** Every SCIM path under the API prefix: refusals there are answered in SCIM's error shape. */
export const SCIM_PATH_PREFIX = '/scim/v2';

/** A SCIM answer is its own document (`application/scim+json`), not the product's envelope. */
export const scimDocumentSchema = z.unknown();

export const teamScimMessages = {
  invalidToken: 'A valid SCIM bearer token is required',
  userNotFound: 'No such user in this team',
  alreadyMember: 'This person is already a member of the team',
  inAnotherTeam: 'This person is a member of another team',
  teamFull: 'Every seat of the team is taken: add seats or remove a member first',
  ownerNotProvisioned: "The team's owner is not managed by the directory",
  groupNotFound: 'No such group in this team',
  groupMembers: 'Every member of a group must be a member of this team',
  externalIdTaken: 'Another user of this team has that externalId',
} as const;
