// The zod-free terms of a team's e-mail domains and its join link: the team pages read them without zod.

/** The most e-mail domains one team may claim. */
export const TEAM_DOMAINS_MAX = 20;

export const teamDomainMessages = {
  notClaimed: 'This domain is not one of the team’s domains',
  tooMany: `A team can have at most ${TEAM_DOMAINS_MAX} domains`,
} as const;

/** 409 of a claim or a verification naming a domain another team has verified. */
export const TEAM_DOMAIN_TAKEN_MESSAGE = 'The domain {{domain}} is already verified by another team';
export const teamDomainTakenMessage = (domain: string) =>
  TEAM_DOMAIN_TAKEN_MESSAGE.replace('{{domain}}', () => domain);

export const joinLinkMessages = {
  notFound: 'This join link is not valid. Ask the team’s owner or admin for a new one.',
  noVerifiedDomain: 'Verify one of the team’s e-mail domains before turning the join link on.',
  emailNotVerified: 'Verify your e-mail address first: the join link admits verified addresses only.',
} as const;

/** 403 of a join by link from an address outside the team's verified domains. */
export const JOIN_LINK_WRONG_DOMAIN_MESSAGE = 'This join link is for addresses at {{domains}} only.';
export const joinLinkWrongDomainMessage = (domains: string[]) =>
  JOIN_LINK_WRONG_DOMAIN_MESSAGE.replace('{{domains}}', () => domains.join(', '));

/** The audit log's detail of a join by the team's link. */
export const joinedByLinkDetail = (email: string) => `${email} by join link`;
