// A real SAML 2.0 identity provider (samlify in its IdP role) on a loopback port, for tests and browser journeys:
// it reads our AuthnRequest (HTTP-Redirect) and answers with a signed response in an auto-posting form (HTTP-POST).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';

// The test IdP only: samlify parses nothing without a schema validator; our SP side (node-saml) validates.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

// Node's ESM loader does not see samlify's SamlLib among the CommonJS module's named exports: read it off the module.
const { SamlLib } = (samlify as typeof samlify & { default?: typeof samlify }).default ?? samlify;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
export const IDP_CERT = fixture('idp-cert.pem');
const keys = {
  idp: { privateKey: fixture('idp-key.pem'), signingCert: IDP_CERT },
  other: { privateKey: fixture('other-idp-key.pem'), signingCert: fixture('other-idp-cert.pem') },
};

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The response's template tags (samlify's default template), for a test to change before it is signed. */
export type ResponseTags = Record<string, string>;

export interface TestSamlIdpState {
  /** Who signs in at the IdP (its NameID). */
  user: string;
  /** Which key signs the response: the IdP's own or another one. */
  signWith: keyof typeof keys;
  tamper?: (tags: ResponseTags) => ResponseTags;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Starts the IdP; `spMetadata` is our SP's metadata XML (its entity ID and ACS). */
export async function startTestSamlIdp(spMetadata: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const sp = samlify.ServiceProvider({ metadata: spMetadata });
  // Read off the XML: samlify's getAssertionConsumerService finds nothing in node's ESM loader for a single ACS.
  const acs = spMetadata.match(/<(?:\w+:)?AssertionConsumerService[^>]*Location="([^"]+)"/)![1]!;
  const state: TestSamlIdpState = { user: 'ann@northwind.example', signWith: 'idp' };
  const idpWith = (key: keyof typeof keys) =>
    samlify.IdentityProvider({
      entityID: entityId,
      ...keys[key],
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
      wantAuthnRequestsSigned: false,
    });

  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname !== '/sso') return res.writeHead(404).end();
      const idp = idpWith(state.signWith);
      const request = await idp.parseLoginRequest(sp, 'redirect', {
        query: Object.fromEntries(url.searchParams),
      });
      const requestId = (request.extract as { request: { id: string } }).request.id;
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const response = await idp.createLoginResponse(
        sp,
        { extract: request.extract },
        'post',
        { email: state.user },
        (template) => {
          const id = `_${crypto.randomUUID()}`;
          const tags: ResponseTags = {
            ID: id,
            AssertionID: `_${crypto.randomUUID()}`,
            Destination: acs,
            Audience: sp.entityMeta.getEntityID(),
            SubjectRecipient: acs,
            Issuer: entityId,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: now.toISOString(),
            ConditionsNotOnOrAfter: later,
            SubjectConfirmationDataNotOnOrAfter: later,
            NameIDFormat: EMAIL_FORMAT,
            NameID: state.user,
            InResponseTo: requestId,
            AuthnStatement: '',
            AttributeStatement: '',
          };
          return { id, context: SamlLib.replaceTagsByValue(template, state.tamper?.(tags) ?? tags) };
        },
      );
      const relayState = url.searchParams.get('RelayState') ?? '';
      const page =
        `<!doctype html><title>Test IdP</title><form method="post" action="${escapeHtml(acs)}">` +
        `<input type="hidden" name="SAMLResponse" value="${escapeHtml(response.context)}">` +
        `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">` +
        `<p>Signed in at the test IdP as ${escapeHtml(state.user)}.</p><button>Continue</button></form>` +
        '<script>document.forms[0].submit()</script>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });

  return {
    entityId,
    ssoUrl,
    certificate: IDP_CERT,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestSamlIdp = Awaited<ReturnType<typeof startTestSamlIdp>>;
