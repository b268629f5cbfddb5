// Contracts of a team's e-mail domains (claimed, then verified by DNS) and its join link, which admits people
// whose verified address is at one of the team's verified domains.
import { z } from 'zod';
import { joinLinkMessages } from './team-domains-terms';
import { domainField, isSharedMailDomain, ssoDomainMessages, teamSsoDomainSchema } from './team-sso';

export * from './team-domains-terms';

/** GET /teams/:id/domains and the answer of every change: the team's domains, each with its TXT record. */
export const teamDomainsSchema = z.array(teamSsoDomainSchema);

/** POST /teams/:id/domains: claim a domain (saved unverified, with the TXT record that proves it). */
export const teamDomainBodySchema = z.object({
  domain: domainField.superRefine((value, ctx) => {
    if (isSharedMailDomain(value)) ctx.addIssue({ code: 'custom', message: ssoDomainMessages.shared(value) });
  }),
});
export type TeamDomainBody = z.input<typeof teamDomainBodySchema>;

/** GET/POST/DELETE /teams/:id/join-link: the link (null while off) and the verified domains it admits. */
export const teamJoinLinkSchema = z.object({
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
  domains: z.array(z.string()),
});
export type TeamJoinLink = z.infer<typeof teamJoinLinkSchema>;

export const joinLinkTokenParamsSchema = z.object({
  token: z.string().min(1, joinLinkMessages.notFound).max(200, joinLinkMessages.notFound),
});

/** GET /teams/join-link/:token: what a visitor sees before joining. */
export const joinLinkPreviewSchema = z.object({ teamName: z.string(), domains: z.array(z.string()) });
export type JoinLinkPreview = z.infer<typeof joinLinkPreviewSchema>;
