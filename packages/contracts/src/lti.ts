// Contracts of Catalyst as an LTI 1.3 Advantage tool: platform registrations (admin), the launch's forms and the
// claims auth reads from a platform's id_token (IMS LTI 1.3 core, Deep Linking 2.0, AGS 2.0).
import { z } from 'zod';
import { integrationMessage } from './form-messages/integrations';

export const LTI_VERSION = '1.3.0';
/** How long a login initiation's state and nonce wait for the platform's id_token, and a picker for its choice. */
export const LTI_LOGIN_TTL_MINUTES = 10;

export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_MESSAGE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

export const LTI_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** The media types of AGS's score and line item documents. */
export const LTI_MEDIA = {
  score: 'application/vnd.ims.lis.v1.score+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
} as const;

/** The custom parameters a deep link writes and a resource link launch reads: what to open. */
export const LTI_CUSTOM = { product: 'catalyst_product', lesson: 'catalyst_lesson' } as const;

/** A refused launch, `problem` (English: what the check found) inside. */
export const LTI_LAUNCH_REFUSED_MESSAGE = 'The LMS launch was refused: {{problem}}';

export const ltiMessages = {
  notFound: 'No such LTI platform registration',
  taken: 'A platform with this issuer and client id is already registered',
  unknownPlatform: 'This LMS is not registered with Catalyst: ask your administrator to add it',
  startAgain: 'The launch has expired or was already used: open the link in your LMS again',
  launchRefused: (problem: string) => LTI_LAUNCH_REFUSED_MESSAGE.replace('{{problem}}', () => problem),
  httpsAddress: 'Use an https address',
} as const;

const httpsUrl = (missing: string, notAnAddress: string) =>
  z.string({ message: missing }).trim().url(notAnAddress).max(1000);

/** What an admin saves of a platform (the LMS): its identity and endpoints, from its registration page. */
export const ltiPlatformBodySchema = z.object({
  name: z
    .string({ message: integrationMessage('lti.name') })
    .trim()
    .min(2, integrationMessage('lti.nameMin'))
    .max(100, integrationMessage('lti.nameMax', { max: 100 })),
  issuer: httpsUrl(integrationMessage('lti.issuer'), integrationMessage('lti.issuerUrl')),
  clientId: z
    .string({ message: integrationMessage('lti.clientId') })
    .trim()
    .min(1, integrationMessage('lti.clientId'))
    .max(255, integrationMessage('lti.clientIdMax', { max: 255 })),
  deploymentIds: z
    .array(z.string().trim().min(1).max(255), { message: integrationMessage('lti.deploymentIds') })
    .min(1, integrationMessage('lti.deploymentIds'))
    .max(50),
  authUrl: httpsUrl(integrationMessage('lti.authUrl'), integrationMessage('lti.authUrlFull')),
  tokenUrl: httpsUrl(integrationMessage('lti.tokenUrl'), integrationMessage('lti.tokenUrlFull')),
  jwksUrl: httpsUrl(integrationMessage('lti.jwksUrl'), integrationMessage('lti.jwksUrlFull')),
  /** The LMS's web origins that frame the tool where they differ from the issuer's (Canvas: the school's own host). */
  frameOrigins: z
    .array(
      httpsUrl(integrationMessage('lti.frameOrigin'), integrationMessage('lti.frameOriginFull')).transform(
        (url) => new URL(url).origin,
      ),
    )
    .max(20)
    .default([]),
  /** Whether the platform's e-mail claim may link its user to an existing Catalyst account of that address. */
  linkByEmail: z.boolean().default(false),
});
export type LtiPlatformBody = z.input<typeof ltiPlatformBodySchema>;

export const ltiPlatformSchema = ltiPlatformBodySchema.extend({
  id: z.string(),
  deploymentIds: z.array(z.string()),
  frameOrigins: z.array(z.string()),
  linkByEmail: z.boolean(),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** What a platform's administrator enters of us. */
export const ltiToolEndpointsSchema = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
  deepLinkingUrl: z.string(),
});
export type LtiToolEndpoints = z.infer<typeof ltiToolEndpointsSchema>;

export const ltiAdminSchema = z.object({
  tool: ltiToolEndpointsSchema,
  platforms: z.array(ltiPlatformSchema),
  /** The key id the tool signs with now. */
  keyId: z.string(),
});
export type LtiAdmin = z.infer<typeof ltiAdminSchema>;

export const ltiPlatformParamsSchema = z.object({ id: z.string().uuid('Unknown platform') });

/** OIDC third-party login initiation, by GET query or POST form (LTI 1.3 core §5.1.1). */
export const ltiLoginSchema = z.object({
  iss: z.string({ message: 'iss is required' }).min(1).max(1000),
  login_hint: z.string({ message: 'login_hint is required' }).min(1).max(2000),
  target_link_uri: z.string({ message: 'target_link_uri is required' }).min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});
export type LtiLogin = z.infer<typeof ltiLoginSchema>;

/** The platform's form post to the launch (redirect) URL. */
export const ltiLaunchFormSchema = z.object({
  id_token: z.string({ message: 'the platform posted no id_token' }).min(1).max(60_000),
  state: z.string({ message: 'the platform posted no state' }).min(1).max(200),
});

/** The instructor's choice on the deep linking picker. */
export const ltiDeepLinkChoiceSchema = z.object({
  ticket: z.string().min(1).max(200),
  product: z.union([z.string(), z.array(z.string())]).optional(),
});

const resourceLinkClaim = z.object({ id: z.string().min(1).max(255), title: z.string().optional() });
const agsClaim = z.object({
  scope: z.array(z.string()).default([]),
  lineitem: z.string().url().optional(),
  lineitems: z.string().url().optional(),
});

/** The claims of a launch's id_token that auth reads, after jose checked its signature and times. */
export const ltiLaunchClaimsSchema = z
  .object({
    sub: z.string().min(1).max(255),
    name: z.string().max(200).optional(),
    given_name: z.string().max(100).optional(),
    family_name: z.string().max(100).optional(),
    email: z.string().max(320).optional(),
    nonce: z.string({ message: 'the id_token has no nonce' }),
    [LTI_CLAIM.messageType]: z.enum([LTI_MESSAGE.resourceLink, LTI_MESSAGE.deepLinkingRequest], {
      message: 'the message type is not one Catalyst answers',
    }),
    [LTI_CLAIM.version]: z.literal(LTI_VERSION, { message: `the LTI version is not ${LTI_VERSION}` }),
    [LTI_CLAIM.deploymentId]: z.string({ message: 'the id_token names no deployment' }).min(1).max(255),
    [LTI_CLAIM.targetLinkUri]: z.string().max(2000).optional(),
    [LTI_CLAIM.resourceLink]: resourceLinkClaim.optional(),
    [LTI_CLAIM.roles]: z.array(z.string()).default([]),
    [LTI_CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
    [LTI_CLAIM.deepLinkingSettings]: z
      .object({
        deep_link_return_url: z.string().url(),
        accept_types: z.array(z.string()).default([]),
        accept_multiple: z.boolean().optional(),
        data: z.string().max(4000).optional(),
      })
      .optional(),
    [LTI_CLAIM.ags]: agsClaim.optional(),
  })
  .refine((claims) => !claims.sub.includes('\u0000'), 'the id_token has an unreadable subject');
export type LtiLaunchClaims = z.infer<typeof ltiLaunchClaimsSchema>;
