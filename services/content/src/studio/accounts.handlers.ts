import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CREATOR_INVITATION_DAYS,
  EVICT_USER_HEADER,
  STUDIO_MESSAGES,
  authInternalRoutes,
  type creatorAccountRoutes,
  type Identity,
} from '@catalyst/contracts';
import {
  HttpError,
  callerLanguage,
  conflict,
  forbidden,
  languagesOfAddresses,
  notFound,
  reply,
  sendQuietly,
  unavailable,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { contentTexts } from '../i18n/en';
import { parentExists } from '../groups/groups.repository';
import {
  acceptInvitation,
  findCreatorOfUser,
  insertInvitation,
  listCreatorAccounts,
  listPendingInvitations,
  lockInvitationByHash,
  revokeInvitation,
  unlinkAccount,
} from './accounts.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Only the token's SHA-256 is stored: a leaked table opens no account. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invitationOf = (row: { id: string; email: string; created_at: Date; expires_at: Date }) => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
});

/** Asks auth to set the account's role (auth keeps an admin an admin); unreachable auth is a 503, nothing changed. */
async function setRole(
  deps: Deps,
  userId: string,
  role: { role: 'user' } | { role: 'creator'; creatorId: string },
  requestId: string,
) {
  try {
    await deps.peers.auth.call(authInternalRoutes.setRole, { params: { userId }, body: role }, { requestId });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound(STUDIO_MESSAGES.accountNotFound);
    deps.log.warn({ userId, err: (error as Error).message }, 'auth could not set a creator role');
    throw unavailable();
  }
}

/** The creator a studio caller acts as: their linked creator; an admin without a link acts for every creator (null). */
export async function actingCreatorOf(deps: Deps, identity: Identity): Promise<string | null> {
  const linked = await findCreatorOfUser(deps.db, identity.id);
  if (linked) return linked.id;
  if (identity.role === 'admin') return null;
  throw forbidden(STUDIO_MESSAGES.noCreator);
}

export function createAccountHandlers(deps: Deps): RouteHandlers<typeof creatorAccountRoutes> {
  const { db } = deps;

  async function requireCreator(id: string) {
    if (!(await parentExists(db, 'creators', id))) throw notFound(STUDIO_MESSAGES.creatorNotFound);
  }

  return {
    async accounts({ params: { id } }) {
      await requireCreator(id);
      const [accounts, invitations] = await Promise.all([
        listCreatorAccounts(db, id),
        listPendingInvitations(db, id, new Date()),
      ]);
      return {
        accounts: accounts.map((a) => ({
          userId: a.user_id,
          name: a.name,
          email: a.email,
          linkedAt: a.linked_at.toISOString(),
        })),
        invitations: invitations.map(invitationOf),
      };
    },

    async invite({ params: { id }, body: { email }, identity, requestId }, c) {
      const creator = await db.selectFrom('creators').select('name').where('id', '=', id).executeTakeFirst();
      if (!creator) throw notFound(STUDIO_MESSAGES.creatorNotFound);
      const token = randomBytes(32).toString('base64url');
      const row = await insertInvitation(db, {
        id: randomUUID(),
        creatorId: id,
        email,
        tokenHash: hashToken(token),
        invitedBy: identity.id,
        expiresAt: new Date(Date.now() + CREATOR_INVITATION_DAYS * DAY_MS),
      });
      const link = `${deps.config.PUBLIC_URL}/studio/join/${token}`;
      const log = deps.log.child({ requestId });
      // The address's own account's language, else the inviting admin's.
      const language = (
        await languagesOfAddresses(deps.peers.auth, [email], callerLanguage(identity, c), log)
      )(email);
      const t = (key: keyof typeof contentTexts.english, values?: Record<string, string | number>) =>
        contentTexts.t(language, key, values);
      await sendQuietly(deps.mailer, log, {
        to: email,
        subject: t('invite.subject', { creator: creator.name }),
        text: [
          t('invite.invited', { inviter: identity.name, creator: creator.name }),
          '',
          t('invite.accept', { link }),
          '',
          t('invite.once', { count: CREATOR_INVITATION_DAYS }),
        ].join('\n'),
        ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
      });
      return reply(invitationOf(row), { status: 201, message: STUDIO_MESSAGES.invitationSent });
    },

    async revoke({ params: { id, invitationId } }) {
      if (!(await revokeInvitation(db, id, invitationId))) throw notFound(STUDIO_MESSAGES.invitationNotFound);
      return reply({ id: invitationId }, { message: STUDIO_MESSAGES.invitationRevoked });
    },

    async unlink({ params: { id, userId }, requestId }, c) {
      await db.transaction().execute(async (trx) => {
        if (!(await unlinkAccount(trx, id, userId))) throw notFound(STUDIO_MESSAGES.accountNotLinked);
        // An account links to one creator at most (user_id is the key): unlinked, it is a learner again.
        await setRole(deps, userId, { role: 'user' }, requestId);
      });
      // The gateway forgets the person's cached identity, so the creator role ends at once.
      c.header(EVICT_USER_HEADER, userId);
      return reply({ userId }, { message: STUDIO_MESSAGES.accountUnlinked });
    },

    /**
     * The invitation is locked, checked (unknown or revoked 404, used 409, expired 410, another address 403) and
     * used in one transaction, with auth's role change inside it: if auth cannot be reached nothing is used.
     */
    async accept({ params: { token }, identity, requestId }) {
      const now = new Date();
      const creator = await db.transaction().execute(async (trx) => {
        const invitation = await lockInvitationByHash(trx, hashToken(token));
        if (!invitation || invitation.revoked_at) throw notFound(STUDIO_MESSAGES.invitationNotFound);
        if (invitation.accepted_at) throw conflict(STUDIO_MESSAGES.invitationUsed);
        if (invitation.expires_at <= now) throw new HttpError(410, STUDIO_MESSAGES.invitationExpired);
        if (invitation.email !== identity.email.trim().toLowerCase())
          throw forbidden(STUDIO_MESSAGES.invitationOtherAddress);
        const linked = await findCreatorOfUser(trx, identity.id);
        if (linked && linked.id !== invitation.creator_id) throw conflict(STUDIO_MESSAGES.alreadyLinked);
        await acceptInvitation(
          trx,
          { id: invitation.id, creatorId: invitation.creator_id },
          { userId: identity.id, email: identity.email, name: identity.name },
          now,
        );
        await setRole(deps, identity.id, { role: 'creator', creatorId: invitation.creator_id }, requestId);
        return (await findCreatorOfUser(trx, identity.id))!;
      });
      return reply({ creator }, { message: STUDIO_MESSAGES.accountLinked });
    },
  };
}
