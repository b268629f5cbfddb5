import { z } from 'zod';
import { API_SCOPES } from './api-keys-terms';
import { LANGUAGES, languageMessage } from './languages';

/** A creator is a learner too, with the creator studio's rights over their own creator's items. */
export const roleSchema = z.enum(['user', 'creator', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** One of the languages Catalyst speaks. */
export const languageSchema = z.enum(LANGUAGES, { message: languageMessage });

/** Who is calling, as the gateway asserts it to the services (architecture rule 2). */
export const identitySchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.string(),
  name: z.string(),
  /** False until the account's e-mail address is verified (subscribing and posting need it). */
  emailVerified: z.boolean().optional(),
  /**
   * When the account was made (ISO 8601). With it the identity is the whole of what GET /auth/me shows, and
   * the gateway answers that route from the identity it resolved (absent from older auths: then auth answers).
   */
  createdAt: z.string().optional(),
  /**
   * A creator account's creator (the studio's link, kept by content and carried here by auth): every service
   * opens that creator's own items, drafts included, to them as it does to an admin.
   */
  creatorId: z.string().optional(),
  /** The language the account chose (GET /auth/me shows it; null: none chosen). */
  locale: languageSchema.nullable().optional(),
  /**
   * Present when the caller is an API key acting for its owner (this account): which key, the scopes it holds, the
   * team it is bound to (null: an admin's key) and when it stops working. The gateway lets it reach only the routes
   * its scopes open.
   */
  apiKey: z
    .object({
      id: z.string(),
      scopes: z.array(z.enum(API_SCOPES)),
      teamId: z.string().nullable(),
      expiresAt: z.string().nullable(),
    })
    .optional(),
});
export type Identity = z.infer<typeof identitySchema>;

/** Header carrying the gateway's signed identity assertion. */
export const IDENTITY_HEADER = 'x-catalyst-identity';
/** The longest identity assertion a service reads: a longer one is refused unread. */
export const IDENTITY_ASSERTION_MAX_LENGTH = 4096;
/**
 * Header of a service's answer to the gateway (never passed on to the client): `premium; max-age=N`, the
 * answer is the same for every caller entitled to premium content (a route declared `cache: 'premium'`), so
 * the gateway may give it to other such callers for N seconds.
 */
export const AUDIENCE_HEADER = 'x-catalyst-audience';
/**
 * Header of a service's answer to the gateway (never passed on to the client): the id of the user whose cached
 * identities the answer made stale, on a route declared `evicts: 'user'` that the user calls signed out (a
 * password reset from its link). Without Redis to tell the gateway, this is how it learns whom to forget.
 */
export const EVICT_USER_HEADER = 'x-catalyst-evict-user';
/** An audience a service may share an answer with (AUDIENCE_HEADER). */
export type Audience = 'premium';
/** AUDIENCE_HEADER's value, as a service writes it. */
export const audienceHeaderValue = (audience: Audience, maxAgeSeconds: number) =>
  `${audience}; max-age=${maxAgeSeconds}`;
/** Seconds AUDIENCE_HEADER's `value` lets the gateway give the answer to other callers of `audience` (0: it does not). */
export function audienceHeaderSeconds(value: string | string[] | undefined, audience: Audience): number {
  const match = /^\s*([a-z]+)\s*;\s*max-age=(\d{1,9})\s*$/i.exec(String(value ?? ''));
  return match && match[1]!.toLowerCase() === audience ? Number(match[2]) : 0;
}
/** Header carrying the shared secret on service-to-service /internal calls. */
export const INTERNAL_HEADER = 'x-catalyst-internal';
export const REQUEST_ID_HEADER = 'x-request-id';
