// An LMS for tests, on a loopback port: its own RS256 keys and JWKS, an OIDC authentication endpoint that answers a
// login initiation with a form post of a signed id_token, a token endpoint (client credentials with the tool's
// signed assertion), line items whose scores it records, a deep linking return, and a course page framing the tool.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { LTI_CLAIM, LTI_CUSTOM, LTI_MESSAGE, LTI_MEDIA, LTI_SCOPE, LTI_VERSION } from '@catalyst/contracts';

export interface TestPlatformOptions {
  clientId?: string;
  deploymentId?: string;
  /** The tool's public keys: a URL the platform fetches, or a function (an in-process tool in vitest). */
  toolJwks?: string | (() => Promise<JSONWebKeySet>);
}

/** What the next launch of a login_hint says (the platform's own record of who launches what). */
export interface LaunchPlan {
  sub: string;
  name?: string;
  email?: string;
  message?: 'resource' | 'deep-linking';
  resourceLinkId?: string;
  product?: string;
  lesson?: string;
  /** Give the launch an AGS claim with a line item of this platform. */
  ags?: boolean;
  /** Change the signed claims (a test of a bad launch). */
  tamper?: (claims: Record<string, unknown>) => Record<string, unknown>;
}

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Test LMS</title></head><body>${body}</body></html>`,
  );
};
const json = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
};
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTestPlatform(options: TestPlatformOptions = {}) {
  const clientId = options.clientId ?? 'catalyst-tool';
  const deploymentId = options.deploymentId ?? 'deployment-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-platform-key';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  const plans = new Map<string, LaunchPlan>();
  const recorded = {
    /** Scores posted to a line item, with the content type they came with. */
    scores: [] as Array<{ lineItem: string; contentType: string; score: Record<string, unknown> }>,
    tokenRequests: [] as Array<{ scope: string; assertion: JWTPayload }>,
    deepLinks: [] as JWTPayload[],
  };
  const tokens = new Map<string, string[]>();
  const state = { failScores: 0 };

  let toolKeys: ReturnType<typeof createRemoteJWKSet> | undefined;
  const toolKeySet = async () => {
    const source = options.toolJwks;
    if (typeof source === 'function') return createLocalJWKSet(await source());
    if (!source) throw new Error('the test platform was not told the tool JWKS');
    toolKeys ??= createRemoteJWKSet(new URL(source));
    return toolKeys;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lineItemUrl = (resourceLinkId: string) => `${issuer}/lineitems/${encodeURIComponent(resourceLinkId)}`;

  /** The claims of a launch as this platform signs them (before a plan's tampering). */
  function claimsOf(plan: LaunchPlan, nonce: string, targetLinkUri: string): Record<string, unknown> {
    const resourceLinkId = plan.resourceLinkId ?? 'link-1';
    const deepLinking = plan.message === 'deep-linking';
    return {
      sub: plan.sub,
      ...(plan.name ? { name: plan.name } : {}),
      ...(plan.email ? { email: plan.email } : {}),
      nonce,
      [LTI_CLAIM.messageType]: deepLinking ? LTI_MESSAGE.deepLinkingRequest : LTI_MESSAGE.resourceLink,
      [LTI_CLAIM.version]: LTI_VERSION,
      [LTI_CLAIM.deploymentId]: deploymentId,
      [LTI_CLAIM.targetLinkUri]: targetLinkUri,
      [LTI_CLAIM.roles]: [
        deepLinking
          ? 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'
          : 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
      ],
      ...(deepLinking
        ? {
            [LTI_CLAIM.deepLinkingSettings]: {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              accept_multiple: true,
              data: 'opaque-platform-data',
            },
          }
        : {
            [LTI_CLAIM.resourceLink]: { id: resourceLinkId, title: 'Catalyst course' },
            ...(plan.product
              ? {
                  [LTI_CLAIM.custom]: {
                    [LTI_CUSTOM.product]: plan.product,
                    ...(plan.lesson ? { [LTI_CUSTOM.lesson]: plan.lesson } : {}),
                  },
                }
              : {}),
            ...(plan.ags
              ? {
                  [LTI_CLAIM.ags]: {
                    scope: [LTI_SCOPE.lineItem, LTI_SCOPE.score],
                    lineitems: `${issuer}/lineitems`,
                    lineitem: lineItemUrl(resourceLinkId),
                  },
                }
              : {}),
          }),
    };
  }

  /** An id_token signed with this platform's key (or `key`), issued to the tool's client id. */
  async function idToken(claims: Record<string, unknown>, signWith = privateKey) {
    const now = Math.floor(Date.now() / 1000);
    // The claims given win over these, so a test can sign another audience or a past expiry.
    return new SignJWT({ iss: issuer, aud: clientId, iat: now, exp: now + 300, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(signWith);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/jwks') return json(res, 200, jwks);

    if (url.pathname === '/auth') {
      // OIDC authentication (LTI's implicit flow): answer with a form post of the id_token to redirect_uri.
      const p = url.searchParams;
      if (
        p.get('client_id') !== clientId ||
        p.get('response_mode') !== 'form_post' ||
        p.get('scope') !== 'openid'
      )
        return html(res, 400, 'bad authentication request');
      const plan = plans.get(p.get('login_hint') ?? '');
      if (!plan) return html(res, 400, 'unknown login_hint');
      const claims = claimsOf(
        plan,
        p.get('nonce') ?? '',
        `${new URL(p.get('redirect_uri') ?? issuer).origin}/`,
      );
      const token = await idToken(plan.tamper ? plan.tamper(claims) : claims);
      return html(
        res,
        200,
        `<form method="post" action="${escape(p.get('redirect_uri') ?? '')}">` +
          `<input type="hidden" name="id_token" value="${escape(token)}">` +
          `<input type="hidden" name="state" value="${escape(p.get('state') ?? '')}"></form>` +
          `<script>document.forms[0].submit()</script>`,
      );
    }

    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      )
        return json(res, 400, { error: 'invalid_request' });
      try {
        const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeySet(), {
          issuer: clientId,
          subject: clientId,
          audience: `${issuer}/token`,
        });
        if (!payload.jti) throw new Error('no jti');
        const scope = form.get('scope') ?? '';
        recorded.tokenRequests.push({ scope, assertion: payload });
        const accessToken = randomUUID();
        tokens.set(accessToken, scope.split(' '));
        return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope });
      } catch (error) {
        return json(res, 401, { error: 'invalid_client', error_description: String(error) });
      }
    }

    const score = url.pathname.match(/^\/lineitems\/([^/]+)\/scores$/);
    if (score && req.method === 'POST') {
      const scopes = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!scopes?.includes(LTI_SCOPE.score)) return json(res, 401, { error: 'invalid_token' });
      if (state.failScores > 0) {
        state.failScores -= 1;
        return json(res, 503, { error: 'try later' });
      }
      const contentType = req.headers['content-type'] ?? '';
      if (contentType !== LTI_MEDIA.score) return json(res, 415, { error: 'not a score' });
      recorded.scores.push({
        lineItem: `${issuer}/lineitems/${score[1]}`,
        contentType,
        score: JSON.parse(await readBody(req)) as Record<string, unknown>,
      });
      res.writeHead(204).end();
      return;
    }

    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const { payload } = await jwtVerify(form.get('JWT') ?? '', await toolKeySet(), {
        issuer: clientId,
        audience: issuer,
      });
      recorded.deepLinks.push(payload);
      return html(res, 200, '<h1>Content added</h1>');
    }

    const course = url.pathname.match(/^\/course\/([^/]+)$/);
    if (course) {
      // The LMS's course page: the tool's login initiation in an iframe, as an LMS launches a resource link.
      const loginUrl = url.searchParams.get('tool') ?? '';
      const hint = decodeURIComponent(course[1]!);
      const login = new URL(loginUrl);
      login.search = new URLSearchParams({
        iss: issuer,
        login_hint: hint,
        target_link_uri: new URL(loginUrl).origin,
        lti_message_hint: `course-${hint}`,
        client_id: clientId,
        lti_deployment_id: deploymentId,
      }).toString();
      return html(
        res,
        200,
        `<h1>Test LMS course</h1><iframe title="Catalyst" name="tool" src="${escape(login.href)}" ` +
          `style="width:100%;height:720px;border:1px solid #ccc" allow="fullscreen"></iframe>`,
      );
    }
    return json(res, 404, { error: 'not found' });
  }

  return {
    issuer,
    clientId,
    deploymentId,
    /** What an admin registers of this platform. */
    registration: {
      name: 'Test LMS',
      issuer,
      clientId,
      deploymentIds: [deploymentId],
      authUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      jwksUrl: `${issuer}/jwks`,
    },
    lineItemUrl,
    recorded,
    state,
    /** What the next launch for `loginHint` carries. */
    plan: (loginHint: string, plan: LaunchPlan) => void plans.set(loginHint, plan),
    idToken,
    claimsOf,
    /** The course page that frames the tool's launch for `loginHint`. */
    coursePage: (loginHint: string, toolLoginUrl: string) =>
      `${issuer}/course/${encodeURIComponent(loginHint)}?tool=${encodeURIComponent(toolLoginUrl)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
