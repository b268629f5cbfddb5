// Contracts of team single sign-on (OpenID Connect or SAML 2.0): billing keeps a team's settings, auth runs the
// protocol.
import { z } from 'zod';
import { normaliseEmail, validateEmail } from './auth-terms';
import { basicMessage } from './form-messages/basic';
import {
  TEAM_SSO_DOMAINS_MAX,
  TEAM_SSO_DOMAINS_MIN,
  isSharedMailDomain,
  ssoDomainMessages,
  teamSsoMessages,
} from './team-sso-terms';
import { teamIdParamsSchema } from './teams';
import { teamRoleValues } from './teams-terms';

export * from './team-sso-terms';

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An e-mail domain as an owner types it (`@Example.com` → `example.com`). */
export const domainField = z
  .string({ message: teamSsoMessages.domain })
  .transform((value) => value.trim().toLowerCase().replace(/^@/, ''))
  .refine((value) => DOMAIN_PATTERN.test(value), teamSsoMessages.domain);

const emailField = z
  .string({ message: basicMessage('form.email') })
  .max(320)
  .transform(normaliseEmail)
  .refine((email) => !validateEmail(email), basicMessage('form.emailInvalid'));

/** A domain the team signs in: only a verified one routes anybody; `record` is the TXT to publish. */
export const teamSsoDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  record: z.object({ name: z.string(), value: z.string() }),
});
export type TeamSsoDomain = z.infer<typeof teamSsoDomainSchema>;

const domainsField = z
  .array(
    domainField.superRefine((value, ctx) => {
      if (isSharedMailDomain(value))
        ctx.addIssue({ code: 'custom', message: ssoDomainMessages.shared(value) });
    }),
    { message: teamSsoMessages.domains },
  )
  .min(TEAM_SSO_DOMAINS_MIN, teamSsoMessages.domains)
  .max(TEAM_SSO_DOMAINS_MAX, teamSsoMessages.domains);

/** GET/PUT /teams/:id/sso answer: the OpenID Connect client secret itself is never returned. */
export const teamSsoSettingsSchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc'),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean(),
    domains: z.array(teamSsoDomainSchema),
    required: z.boolean(),
  }),
  z.object({
    protocol: z.literal('saml'),
    /** The IdP's entity ID: the Issuer of its responses. */
    entityId: z.string(),
    /** Where the browser is sent with an AuthnRequest (HTTP-Redirect binding). */
    ssoUrl: z.string(),
    /** The IdP's signing certificate (PEM) and what it says of itself. */
    certificate: z.object({ pem: z.string(), subject: z.string(), validTo: z.string() }),
    domains: z.array(teamSsoDomainSchema),
    required: z.boolean(),
  }),
]);
export type TeamSsoSettings = z.infer<typeof teamSsoSettingsSchema>;
export const teamSsoAnswerSchema = teamSsoSettingsSchema.nullable();

/** PUT /teams/:id/sso: OpenID Connect (the default; a secret left out keeps the one saved) or SAML 2.0. */
export const teamSsoBodySchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc').default('oidc'),
    issuer: z.string({ message: teamSsoMessages.issuer }).trim().url(teamSsoMessages.issuer).max(500),
    clientId: z
      .string({ message: teamSsoMessages.clientId })
      .trim()
      .min(1, teamSsoMessages.clientId)
      .max(255),
    clientSecret: z
      .string()
      .min(1, teamSsoMessages.clientSecretMissing)
      .max(1000, teamSsoMessages.clientSecret)
      .optional(),
    domains: domainsField,
    required: z.boolean({ message: teamSsoMessages.required }),
  }),
  z.object({
    protocol: z.literal('saml'),
    entityId: z
      .string({ message: teamSsoMessages.samlEntityId })
      .trim()
      .min(1, teamSsoMessages.samlEntityId)
      .max(500, teamSsoMessages.samlEntityId),
    ssoUrl: z
      .string({ message: teamSsoMessages.samlSsoUrl })
      .trim()
      .url(teamSsoMessages.samlSsoUrl)
      .max(1000),
    certificate: z
      .string({ message: teamSsoMessages.samlCertificate })
      .trim()
      .min(1, teamSsoMessages.samlCertificate)
      .max(20_000, teamSsoMessages.samlCertificate),
    domains: domainsField,
    required: z.boolean({ message: teamSsoMessages.required }),
  }),
]);
export type TeamSsoBody = z.input<typeof teamSsoBodySchema>;

/** POST /teams/:id/sso/domains/:domain/verify */
export const teamSsoDomainParamsSchema = teamIdParamsSchema.extend({ domain: domainField });

export const teamSsoRemovedSchema = z.object({ removed: z.literal(true) });

/** GET /internal/teams/sso?domain= */
export const ssoDomainQuerySchema = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .transform((value) => value.toLowerCase()),
});
const ssoTeam = { teamId: z.string(), teamName: z.string(), required: z.boolean() };
export const ssoForDomainSchema = z.discriminatedUnion('protocol', [
  z.object({
    ...ssoTeam,
    protocol: z.literal('oidc'),
    issuer: z.string(),
    clientId: z.string(),
    clientSecret: z.string(),
  }),
  z.object({
    ...ssoTeam,
    protocol: z.literal('saml'),
    entityId: z.string(),
    ssoUrl: z.string(),
    certificate: z.string(),
  }),
]);
export type SsoForDomain = z.infer<typeof ssoForDomainSchema>;

/** POST /internal/teams/:id/members: a seat for a person who signed in through the team's provider. */
export const teamSeatBodySchema = z.object({
  userId: z.string().min(1).max(100),
  email: emailField,
  name: z.string().min(1).max(200),
});
export const teamSeatSchema = z.object({
  teamId: z.string(),
  userId: z.string(),
  role: z.enum(teamRoleValues),
  joined: z.boolean(),
});

/** GET /auth/sso/lookup?email= */
export const ssoLookupQuerySchema = z.object({ email: emailField });
export const ssoLookupSchema = z.object({ teamName: z.string() }).nullable();

/** POST /auth/sso/start; `returnTo` is a path of this site (anything else goes home). */
export const ssoStartBodySchema = z.object({
  email: emailField,
  returnTo: z.string().max(2000).optional(),
});
export const ssoStartSchema = z.object({ url: z.string() });

/** POST /auth/sso/saml/acs: what the IdP's auto-posting form sends (HTTP-POST binding). */
export const samlAcsFormSchema = z.object({
  SAMLResponse: z.string().max(200_000),
  RelayState: z.string().max(512).optional(),
});

/** GET /auth/sso/callback: what the identity provider sends back (the whole address is read as it came). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
