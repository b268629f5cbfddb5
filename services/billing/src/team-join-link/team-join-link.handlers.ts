import { randomBytes } from 'node:crypto';
import {
  emailDomainOf,
  isSharedMailDomain,
  joinedByLinkDetail,
  joinLinkMessages,
  joinLinkWrongDomainMessage,
  type TeamJoinLink,
  type teamJoinLinkRoutes,
} from '@catalyst/contracts';
import {
  SECRET_PURPOSES,
  conflict,
  forbidden,
  notFound,
  openSecret,
  requestLanguage,
  sealSecret,
  secretBoxKey,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { verifiedDomainsOf } from '../team-domains/team-domains.repository';
import { hashToken } from '../teams/invitations';
import { joinTeam } from '../teams/join-team';
import { actorOf, OWNER_OR_ADMIN, teamFor } from '../teams/team-access';
import { teamJoinLinkUrl } from '../teams/team-mail';
import { addAudit, findTeam, type Db } from '../teams/teams.repository';
import { deleteJoinLink, findJoinLink, findJoinLinkByHash, saveJoinLink } from './team-join-link.repository';

// The sealed token is bound to its team and to this use, so no other sealed value opens as a link.
const sealedFor = (teamId: string) => `join-link:${teamId}`;

/** The domains a link admits: the team's verified ones, never a shared mail domain whatever a row says. */
const admittedDomains = async (db: Db, teamId: string) =>
  (await verifiedDomainsOf(db, teamId)).filter((domain) => !isSharedMailDomain(domain));

export function createTeamJoinLinkHandlers(deps: Deps): RouteHandlers<typeof teamJoinLinkRoutes> {
  const key = secretBoxKey(deps.config.INTERNAL_SECRET, SECRET_PURPOSES.teamSso);

  async function linkOf(teamId: string): Promise<TeamJoinLink> {
    const [link, domains] = await Promise.all([
      findJoinLink(deps.db, teamId),
      admittedDomains(deps.db, teamId),
    ]);
    return {
      url: link
        ? teamJoinLinkUrl(deps.config.PUBLIC_URL, openSecret(key, sealedFor(teamId), link.token_sealed))
        : null,
      createdAt: link ? link.created_at.toISOString() : null,
      domains,
    };
  }

  /** The team a live link names and the domains it admits: 404 for an unknown or turned-off link, or none. */
  async function liveLink(db: Db, token: string) {
    const link = await findJoinLinkByHash(db, hashToken(token));
    if (!link) throw notFound(joinLinkMessages.notFound);
    const domains = await admittedDomains(db, link.team_id);
    if (domains.length === 0) throw notFound(joinLinkMessages.notFound);
    return { ...link, domains };
  }

  return {
    async joinLinkPreview({ params }) {
      const { team_name, domains } = await liveLink(deps.db, params.token);
      return { teamName: team_name, domains };
    },

    /** A verified address at one of the link's domains takes a seat, as an accepted invitation does. */
    joinByLink({ identity, params }, c) {
      return joinTeam(deps, identity, requestLanguage(c), async (trx) => {
        const link = await liveLink(trx, params.token);
        if (identity.emailVerified !== true) throw forbidden(joinLinkMessages.emailNotVerified);
        if (!link.domains.includes(emailDomainOf(identity.email)))
          throw forbidden(joinLinkWrongDomainMessage(link.domains));
        const email = identity.email.toLowerCase();
        return {
          teamId: link.team_id,
          email,
          detail: joinedByLinkDetail(email),
          via: 'join link',
          honoursInvitations: true,
        };
      });
    },

    async getJoinLink({ identity, params }) {
      return linkOf((await teamFor(deps.db, identity, params.id, OWNER_OR_ADMIN)).id);
    },

    /** A new random token each time: the link before it stops working at once. */
    async createJoinLink({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER_OR_ADMIN);
      await deps.db.transaction().execute(async (trx) => {
        await findTeam(trx, team.id, { lock: true });
        if ((await admittedDomains(trx, team.id)).length === 0)
          throw conflict(joinLinkMessages.noVerifiedDomain);
        const renewed = (await findJoinLink(trx, team.id)) !== undefined;
        const token = randomBytes(32).toString('base64url');
        await saveJoinLink(trx, {
          team_id: team.id,
          token_hash: hashToken(token),
          token_sealed: sealSecret(key, sealedFor(team.id), token),
        });
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: renewed ? 'join_link_renewed' : 'join_link_on',
          detail: renewed ? 'A new join link; the old one stopped working' : 'Join link turned on',
        });
      });
      return linkOf(team.id);
    },

    async deleteJoinLink({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER_OR_ADMIN);
      if (await deleteJoinLink(deps.db, team.id))
        await addAudit(deps.db, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'join_link_off',
          detail: 'Join link turned off',
        });
      return linkOf(team.id);
    },
  };
}
