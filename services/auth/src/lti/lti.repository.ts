import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { LtiPlatform, LtiPlatformBody } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { LtiDeepLink } from '../db/tables/lti-deep-link';
import type { LtiGradeTarget } from '../db/tables/lti-grade-target';
import type { LtiLogin } from '../db/tables/lti-login';
import type { LtiPlatformRow } from '../db/tables/lti-platform';

type Db = Kysely<Database>;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const toPlatform = (row: LtiPlatformRow): LtiPlatform => ({
  id: row.id,
  name: row.name,
  issuer: row.issuer,
  clientId: row.client_id,
  deploymentIds: row.deployment_ids,
  authUrl: row.auth_url,
  tokenUrl: row.token_url,
  jwksUrl: row.jwks_url,
  frameOrigins: row.frame_origins,
  linkByEmail: row.link_by_email,
  createdAt: row.created_at.toISOString(),
});

const platformColumns = (body: Required<LtiPlatformBody>) => ({
  name: body.name,
  issuer: body.issuer,
  client_id: body.clientId,
  deployment_ids: [...new Set(body.deploymentIds)],
  auth_url: body.authUrl,
  token_url: body.tokenUrl,
  jwks_url: body.jwksUrl,
  frame_origins: [...new Set(body.frameOrigins)],
  link_by_email: body.linkByEmail,
});

export const listPlatforms = (db: Db) =>
  db.selectFrom('lti_platforms').selectAll().orderBy('created_at').execute();

export const findPlatform = (db: Db, id: string) =>
  db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();

/** The registrations of an issuer (one per client id), or the one of that client id when the platform named it. */
export const platformsOfIssuer = (db: Db, issuer: string, clientId?: string) =>
  db
    .selectFrom('lti_platforms')
    .selectAll()
    .where('issuer', '=', issuer)
    .$if(clientId !== undefined, (qb) => qb.where('client_id', '=', clientId!))
    .execute();

export const insertPlatform = (db: Db, body: Required<LtiPlatformBody>) =>
  db.insertInto('lti_platforms').values(platformColumns(body)).returningAll().executeTakeFirstOrThrow();

export const updatePlatform = (db: Db, id: string, body: Required<LtiPlatformBody>) =>
  db
    .updateTable('lti_platforms')
    .set(platformColumns(body))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const deletePlatform = (db: Db, id: string) =>
  db.deleteFrom('lti_platforms').where('id', '=', id).returning('id').executeTakeFirst();

export async function insertLogin(
  db: Db,
  login: { state: string; nonce: string; platformId: string; expiresAt: Date },
) {
  await db
    .insertInto('lti_logins')
    .values({
      state_hash: hashOf(login.state),
      nonce: login.nonce,
      platform_id: login.platformId,
      expires_at: login.expiresAt,
    })
    .execute();
  // Launches nobody finished are swept as new ones start.
  await db.deleteFrom('lti_logins').where('expires_at', '<', new Date()).execute();
}

/** The login a state names, deleted as it is read: a state (and its nonce) works once, before it expires. */
export const takeLogin = (db: Db, state: string): Promise<LtiLogin | undefined> =>
  db
    .deleteFrom('lti_logins')
    .where('state_hash', '=', hashOf(state))
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();

export const linkedUserId = async (db: Db, issuer: string, sub: string) =>
  (
    await db
      .selectFrom('lti_accounts')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('sub', '=', sub)
      .executeTakeFirst()
  )?.user_id;

/** Links a platform's user to an account; a link made meanwhile by another launch wins, and is answered. */
export async function linkAccount(db: Db, issuer: string, sub: string, userId: string): Promise<string> {
  await db
    .insertInto('lti_accounts')
    .values({ issuer, sub, user_id: userId })
    .onConflict((oc) => oc.columns(['issuer', 'sub']).doNothing())
    .execute();
  return (await linkedUserId(db, issuer, sub))!;
}

export async function insertDeepLink(
  db: Db,
  ticket: string,
  link: Omit<LtiDeepLink, 'ticket_hash'>,
): Promise<void> {
  await db
    .insertInto('lti_deep_links')
    .values({ ...link, ticket_hash: hashOf(ticket) })
    .execute();
  await db.deleteFrom('lti_deep_links').where('expires_at', '<', new Date()).execute();
}

export const takeDeepLink = (db: Db, ticket: string) =>
  db
    .deleteFrom('lti_deep_links')
    .where('ticket_hash', '=', hashOf(ticket))
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();

/** Where this learner's results on this resource link go back, as the latest launch said. */
export async function rememberGradeTarget(
  db: Db,
  target: Omit<LtiGradeTarget, 'id' | 'updated_at'>,
): Promise<void> {
  await db
    .insertInto('lti_grade_targets')
    .values(target)
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform_id', 'resource_link_id']).doUpdateSet({
        sub: target.sub,
        product_key: target.product_key,
        lesson_id: target.lesson_id,
        lineitem: target.lineitem,
        lineitems: target.lineitems,
        scopes: target.scopes,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export const gradeTargetsOf = (db: Db, userId: string) =>
  db.selectFrom('lti_grade_targets').selectAll().where('user_id', '=', userId).execute();
