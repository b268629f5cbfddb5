// The form messages of API keys, webhooks, xAPI and LTI, in English. Zod-free and small: a schema loads
// only its own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { apiKeyMessages } from '../api-keys-terms';
import { messageOf } from './fill';

export const INTEGRATION_FORM_MESSAGES = {
  'apiKey.name': 'Name the key',
  'apiKey.scopes': 'Choose at least one scope',
  'apiKey.duplicateScopes': apiKeyMessages.duplicateScopes,
  'webhook.url': 'Enter an http or https address',
  'webhook.urlMax': 'Keep the address under 2,000 characters',
  'webhook.privateAddress': 'That address is on a private or loopback network, which webhooks may not reach',
  'webhook.unresolvable': 'That address could not be resolved',
  'webhook.descriptionMax': 'Keep the description under 200 characters',
  'webhook.eventTypes': 'Choose at least one event',
  'xapi.endpoint': 'Enter the LRS endpoint as a web address, such as https://lrs.example.com/xapi/',
  'xapi.endpointHttps': 'The LRS endpoint must use https',
  'xapi.key': 'Enter the key your LRS gave you (at most 200 characters)',
  'xapi.secret': 'The secret is at most 500 characters',
  'xapi.secretMissing': 'Enter the secret your LRS gave you',
  'lti.name': 'Enter a name',
  'lti.nameMin': 'Enter a name of 2 characters or more',
  'lti.nameMax': 'Keep the name to {{max}} characters or fewer',
  'lti.clientId': 'Enter the client id',
  'lti.clientIdMax': 'Keep the client id to {{max}} characters or fewer',
  'lti.deploymentIds': 'Enter at least one deployment id',
  'lti.issuer': 'Enter the issuer',
  'lti.issuerUrl': 'Enter the issuer as a full address (https://…)',
  'lti.authUrl': 'Enter the OIDC authentication URL',
  'lti.authUrlFull': 'Enter the OIDC authentication URL as a full address (https://…)',
  'lti.tokenUrl': 'Enter the access token URL',
  'lti.tokenUrlFull': 'Enter the access token URL as a full address (https://…)',
  'lti.jwksUrl': 'Enter the JWKS URL',
  'lti.jwksUrlFull': 'Enter the JWKS URL as a full address (https://…)',
  'lti.frameOrigin': 'Enter the LMS address',
  'lti.frameOriginFull': 'Enter the LMS address as a full address (https://…)',
} as const;

export const integrationMessage = messageOf(INTEGRATION_FORM_MESSAGES);
