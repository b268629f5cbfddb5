import { createHash, randomBytes } from 'node:crypto';
import {
  LTI_CLAIM,
  LTI_CUSTOM,
  LTI_LOGIN_TTL_MINUTES,
  LTI_MESSAGE,
  LTI_VERSION,
  REMEMBERED_SIGN_IN_PARAM,
  adminUserMessages,
  contentInternalRoutes,
  lessonPagePath,
  ltiDeepLinkChoiceSchema,
  ltiLaunchFormSchema,
  ltiLoginSchema,
  ltiMessages,
  productPagePath,
  productRoutes,
  type LtiLaunchClaims,
  type LtiLogin,
  type ltiRoutes,
} from '@catalyst/contracts';
import { HttpError, type RouteHandlers } from '@catalyst/service-kit';
import type { Context } from 'hono';
import { SignJWT } from 'jose';
import { rememberCookie, rememberToken } from '../auth/remember-cookie';
import type { LtiPlatformRow } from '../db/tables/lti-platform';
import type { Deps } from '../deps';
import { hashPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { findUserById, findUserByEmail, insertUser } from '../users/users.repository';
import { autoPostPage, escapeHtml, htmlPage } from './html';
import { checkLaunch, platformOrigins } from './launch';
import {
  findPlatform,
  insertDeepLink,
  insertLogin,
  linkAccount,
  linkedUserId,
  listPlatforms,
  platformsOfIssuer,
  rememberGradeTarget,
  takeDeepLink,
  takeLogin,
} from './lti.repository';
import type { LtiServices } from './lti-services';

const random = () => randomBytes(24).toString('base64url');

/** A refusal in the one error shape, which the LMS's frame may show. */
const refusal = (message: string, frameAncestors: string[]) =>
  new HttpError(400, message, undefined, {
    'Content-Security-Policy': `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
  });

/** The address an account made for an untrusted platform's user: unique, and never anyone's real mailbox. */
const placeholderEmail = (issuer: string, sub: string) =>
  `lti-${createHash('sha256').update(`${issuer}\n${sub}`).digest('hex').slice(0, 20)}@lti.invalid`;

const nameOf = (claims: LtiLaunchClaims) =>
  (claims.name ?? [claims.given_name, claims.family_name].filter(Boolean).join(' ')).trim().slice(0, 50) ||
  'LMS learner';

export function createLtiHandlers(deps: Deps, lti: LtiServices): RouteHandlers<typeof ltiRoutes> {
  const { db, config, sessions, peers, log } = deps;
  const origin = new URL(config.PUBLIC_URL).origin;
  const { endpoints, toolKeys, platformKeys } = lti;

  /** Every registered platform's origins: what may frame a refusal that names no platform. */
  const allOrigins = async () => (await listPlatforms(db)).flatMap(platformOrigins);

  async function initiate(input: LtiLogin): Promise<Response> {
    const candidates = await platformsOfIssuer(db, input.iss, input.client_id);
    if (candidates.length === 0) throw refusal(ltiMessages.unknownPlatform, await allOrigins());
    const origins = candidates.flatMap(platformOrigins);
    if (candidates.length > 1)
      throw refusal(
        ltiMessages.launchRefused(
          'several registrations share this issuer: the platform must send its client_id',
        ),
        origins,
      );
    const platform = candidates[0]!;
    if (input.lti_deployment_id && !platform.deployment_ids.includes(input.lti_deployment_id))
      throw refusal(
        ltiMessages.launchRefused(`the deployment ${input.lti_deployment_id} is not registered`),
        origins,
      );
    const state = random();
    const nonce = random();
    await insertLogin(db, {
      state,
      nonce,
      platformId: platform.id,
      expiresAt: new Date(Date.now() + LTI_LOGIN_TTL_MINUTES * 60_000),
    });
    const url = new URL(platform.auth_url);
    const params: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: endpoints.launchUrl,
      login_hint: input.login_hint,
      state,
      nonce,
      ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return new Response(null, { status: 302, headers: { Location: url.href, 'Cache-Control': 'no-store' } });
  }

  /**
   * The Catalyst account of a platform's user: the one linked to (issuer, sub); else, for a platform trusted with
   * e-mail, the account of the address it gives; else a new account. An untrusted platform's e-mail claim is
   * never used: its user gets an account of their own under a placeholder address they can change.
   */
  async function accountOf(platform: LtiPlatformRow, claims: LtiLaunchClaims) {
    const linked = await linkedUserId(db, platform.issuer, claims.sub);
    if (linked) return findUserById(db, linked);
    const email = claims.email?.trim().toLowerCase();
    const trusted = platform.link_by_email && email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email);
    let user = trusted ? await findUserByEmail(db, email) : undefined;
    if (!user) {
      const address = trusted ? email : placeholderEmail(platform.issuer, claims.sub);
      // Made just in time with a password nobody knows (a reset can set one where the address is real).
      user = await insertUser(db, {
        name: nameOf(claims).padEnd(2, '.'),
        email: address,
        passwordHash: await hashPassword(random()),
        emailVerifiedAt: trusted ? new Date() : null,
      }).catch(async (error: unknown) => {
        if (error instanceof HttpError && error.status === 409) return findUserByEmail(db, address);
        throw error;
      });
    }
    if (!user) return undefined;
    return findUserById(db, await linkAccount(db, platform.issuer, claims.sub, user.id));
  }

  /** The page a resource link opens: its custom product (and lesson), else its target on this site, else home. */
  function pageOf(claims: LtiLaunchClaims): string {
    const custom = claims[LTI_CLAIM.custom] ?? {};
    const product = custom[LTI_CUSTOM.product];
    const lesson = custom[LTI_CUSTOM.lesson];
    if (typeof product === 'string' && product)
      return typeof lesson === 'string' && lesson
        ? lessonPagePath(product, lesson)
        : productPagePath(product);
    const target = claims[LTI_CLAIM.targetLinkUri];
    if (target) {
      try {
        const url = new URL(target);
        if (url.origin === origin && url.pathname.startsWith(productPagePath('').slice(0, -1)))
          return `${url.pathname}${url.search}`;
      } catch {
        // Not an address: the home page.
      }
    }
    return '/';
  }

  /** Progress's events name products by id: a link's slug or short id is read as its id (kept as given if content is away). */
  async function productIdOf(key: string | null): Promise<string | null> {
    if (!key || /^[0-9a-f]{24}$/.test(key)) return key;
    return peers.content
      .call(contentInternalRoutes.product, { params: { idOrSlug: key } }, { timeoutMs: 2_000 })
      .then((product) => product._id)
      .catch(() => key);
  }

  async function signedIn(c: Context, userId: string, location: string): Promise<Response> {
    const session = await sessions.start(
      userId,
      { userAgent: userAgent(c), ip: clientAddress(c) },
      { remember: true },
    );
    const previous = rememberToken(c);
    if (previous) await sessions.endFamilyOfRefresh(previous, 'logout');
    // The framed page's storage knows of no sign-in yet: the address tells its session store to restore one.
    const page = new URL(location, origin);
    page.searchParams.set(REMEMBERED_SIGN_IN_PARAM, '1');
    const headers = new Headers({ Location: `${page.pathname}${page.search}`, 'Cache-Control': 'no-store' });
    headers.append(
      'Set-Cookie',
      rememberCookie(c, session.refreshToken!, session.refreshExpiresAt!, { framed: true }),
    );
    return new Response(null, { status: 303, headers });
  }

  async function picker(platform: LtiPlatformRow, claims: LtiLaunchClaims): Promise<Response> {
    const settings = claims[LTI_CLAIM.deepLinkingSettings];
    const origins = platformOrigins(platform);
    if (!settings)
      throw refusal(ltiMessages.launchRefused('the deep linking request has no settings'), origins);
    if (settings.accept_types.length > 0 && !settings.accept_types.includes('ltiResourceLink'))
      throw refusal(ltiMessages.launchRefused('the platform accepts no resource links here'), origins);
    const ticket = random();
    await insertDeepLink(db, ticket, {
      platform_id: platform.id,
      deployment_id: claims[LTI_CLAIM.deploymentId],
      return_url: settings.deep_link_return_url,
      data: settings.data ?? null,
      accept_multiple: settings.accept_multiple ?? false,
      expires_at: new Date(Date.now() + LTI_LOGIN_TTL_MINUTES * 60_000),
    });
    const page = await peers.content.call(productRoutes.list, { query: { limit: 100 } });
    const kind = settings.accept_multiple ? 'checkbox' : 'radio';
    const items = page.items
      .map(
        (product) =>
          `<label><input type="${kind}" name="product" value="${escapeHtml(product._id)}"> ${escapeHtml(product.title)}</label>`,
      )
      .join('');
    return htmlPage({
      title: 'Choose courses from Catalyst',
      body: `<h1>Choose courses from Catalyst</h1>
<form method="post" action="${escapeHtml(endpoints.deepLinkUrl)}">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<fieldset><legend>Catalogue</legend>${items || '<p>The catalogue has no courses yet.</p>'}</fieldset>
<p><button type="submit">Add to course</button></p></form>`,
      frameAncestors: origins,
    });
  }

  async function launch(c: Context): Promise<Response> {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const parsed = ltiLaunchFormSchema.safeParse(form);
    if (!parsed.success)
      throw refusal(ltiMessages.launchRefused(parsed.error.issues[0]!.message), await allOrigins());
    const login = await takeLogin(db, parsed.data.state);
    const platform = login && (await findPlatform(db, login.platform_id));
    if (!login || !platform) throw refusal(ltiMessages.startAgain, await allOrigins());
    const origins = platformOrigins(platform);
    const check = await checkLaunch(parsed.data.id_token, platform, login.nonce, platformKeys);
    if ('problem' in check) {
      log.info({ platformId: platform.id, problem: check.problem }, 'LTI launch refused');
      throw refusal(ltiMessages.launchRefused(check.problem), origins);
    }
    const { claims } = check;
    if (claims[LTI_CLAIM.messageType] === LTI_MESSAGE.deepLinkingRequest) return picker(platform, claims);

    const link = claims[LTI_CLAIM.resourceLink];
    if (!link) throw refusal(ltiMessages.launchRefused('the launch names no resource link'), origins);
    const user = await accountOf(platform, claims);
    if (!user) throw refusal(ltiMessages.launchRefused('the account could not be made'), origins);
    if (user.deactivated_at) throw refusal(adminUserMessages.accountDeactivated, origins);
    const ags = claims[LTI_CLAIM.ags];
    if (ags && (ags.lineitem || ags.lineitems)) {
      const custom = claims[LTI_CLAIM.custom] ?? {};
      const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
      await rememberGradeTarget(db, {
        user_id: user.id,
        platform_id: platform.id,
        sub: claims.sub,
        resource_link_id: link.id,
        product_key: await productIdOf(text(custom[LTI_CUSTOM.product])),
        lesson_id: text(custom[LTI_CUSTOM.lesson]),
        lineitem: ags.lineitem ?? null,
        lineitems: ags.lineitems ?? null,
        scopes: ags.scope,
      });
    }
    return signedIn(c, user.id, pageOf(claims));
  }

  async function deepLinkAnswer(c: Context): Promise<Response> {
    const form = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
    const parsed = ltiDeepLinkChoiceSchema.safeParse(form);
    if (!parsed.success) throw refusal(ltiMessages.startAgain, await allOrigins());
    const link = await takeDeepLink(db, parsed.data.ticket);
    const platform = link && (await findPlatform(db, link.platform_id));
    if (!link || !platform) throw refusal(ltiMessages.startAgain, await allOrigins());
    const chosen = [parsed.data.product ?? []].flat().slice(0, link.accept_multiple ? 50 : 1);
    const products = chosen.length
      ? await peers.content.call(productRoutes.list, { query: { limit: 100 } })
      : { items: [] };
    const items = products.items
      .filter((product) => chosen.includes(product._id))
      .map((product) => ({
        type: 'ltiResourceLink',
        title: product.title,
        url: endpoints.launchUrl,
        custom: { [LTI_CUSTOM.product]: product._id },
        // A line item per link, so completions and quiz scores have a column in the gradebook.
        lineItem: { scoreMaximum: 1, label: product.title, resourceId: product._id },
      }));
    const { kid, key } = await toolKeys.signing();
    const jwt = await new SignJWT({
      nonce: random(),
      [LTI_CLAIM.messageType]: LTI_MESSAGE.deepLinkingResponse,
      [LTI_CLAIM.version]: LTI_VERSION,
      [LTI_CLAIM.deploymentId]: link.deployment_id,
      [LTI_CLAIM.contentItems]: items,
      ...(link.data ? { [LTI_CLAIM.deepLinkingData]: link.data } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(platform.client_id)
      .setAudience(platform.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    return autoPostPage(link.return_url, { JWT: jwt }, platformOrigins(platform));
  }

  return {
    jwks: async () =>
      new Response(JSON.stringify(await toolKeys.jwks()), {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
      }),

    login: ({ query }) => initiate(query),

    async loginForm(_input, c) {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const parsed = ltiLoginSchema.safeParse(form);
      if (!parsed.success) throw refusal(parsed.error.issues[0]!.message, await allOrigins());
      return initiate(parsed.data);
    },

    // Not held to requireSameOrigin: the platform's form posts here cross-site by design; the id_token signed by
    // the platform for a state and nonce taken once from Postgres is the proof.
    launch: (_input, c) => launch(c),

    deepLink: (_input, c) => deepLinkAnswer(c),
  };
}
