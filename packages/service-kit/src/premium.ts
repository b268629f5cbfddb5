import type { Context } from 'hono';
import {
  PREMIUM_REQUIRED_MESSAGE,
  routeKey,
  type Identity,
  type InputRef,
  type RouteDeclaration,
} from '@catalyst/contracts';
import type { z } from 'zod';
import type { AppEnv } from './app';
import type { Entitlements } from './entitlements';
import { forbidden, notFound } from './errors';
import type { HandlerInput } from './routes';

/** The product (and lesson) a record of a service belongs to. */
export interface PremiumOwner {
  productId: string;
  lessonId?: string | null;
}

/** What a service tells the one premium check: how it asks for the plan, opens a product, and finds its records' owners. */
export interface PremiumRule {
  entitlements: Pick<Entitlements, 'isEntitled'>;
  /**
   * Opens a product, or one lesson of it, for the caller, or throws: 403 without the plan (a free product or a
   * free-preview lesson opens to every signed-in caller), asked before the 404s (LessonAccess.assertMayOpen's rule).
   */
  open?: (
    identity: Identity,
    productId: string,
    lessonId: string | null | undefined,
    requestId: string,
  ) => Promise<unknown>;
  /** For `{ of, id }` targets: each kind of record's owner, and the 404 message of one that is not there. */
  owners?: Record<string, { find: (id: string) => Promise<PremiumOwner | undefined>; missing: string }>;
}

type Place = 'params' | 'query' | 'body';

const split = (ref: InputRef) => {
  const dot = ref.indexOf('.');
  return { place: ref.slice(0, dot) as Place, name: ref.slice(dot + 1) };
};

/** The value of a route's input at `ref`, as the route parsed it. */
function valueAt(input: HandlerInput<RouteDeclaration>, ref: InputRef): unknown {
  const { place, name } = split(ref);
  return (input[place] as Record<string, unknown> | undefined)?.[name];
}

/** The inputs a route's premium target names. */
const refsOf = (route: RouteDeclaration): InputRef[] =>
  !route.premium
    ? []
    : 'product' in route.premium
      ? [route.premium.product, ...(route.premium.lesson ? [route.premium.lesson] : [])]
      : [route.premium.id];

/**
 * Why a route's premium target cannot be read (mountRoutes refuses to mount it), or undefined: a target only on a
 * premium route, naming only inputs its schemas declare.
 */
export function premiumTargetProblem(route: RouteDeclaration): string | undefined {
  if (!route.premium) return undefined;
  if (route.access !== 'premium')
    return `${routeKey(route)} declares a premium target but is not a premium route`;
  for (const ref of refsOf(route)) {
    const { place, name } = split(ref);
    const shape = (route[place] as z.ZodObject | undefined)?.shape as Record<string, unknown> | undefined;
    if (!shape || !(name in shape))
      return `${routeKey(route)} names its premium target at ${ref}, which its ${place} do not declare`;
  }
  return undefined;
}

/**
 * The one premium check of every service (mountRoutes runs it for `access: 'premium'` routes, after the sign-in
 * check and input parsing): it reads the route's declared `premium` target. None: the plan (admins always pass).
 * `{ product, lesson? }`: the named product and lesson open as the service's `open` says. `{ of, id }`: the
 * record's owner, found by the service (a 404 when it is not there), opens the same way.
 */
export function premiumCheck(rule: PremiumRule) {
  return async (_c: Context<AppEnv>, input: HandlerInput<RouteDeclaration>, route: RouteDeclaration) => {
    const identity = input.identity!;
    const target = route.premium;
    if (!target) {
      if (!(await rule.entitlements.isEntitled(identity, input.requestId)))
        throw forbidden(PREMIUM_REQUIRED_MESSAGE);
      return;
    }
    let owner: PremiumOwner;
    if ('product' in target) {
      const lessonId = target.lesson ? valueAt(input, target.lesson) : undefined;
      owner = {
        productId: valueAt(input, target.product) as string,
        lessonId: lessonId as string | undefined,
      };
    } else {
      const records = rule.owners?.[target.of];
      if (!records) throw new Error(`${routeKey(route)}: the service finds no owner of a ${target.of}`);
      const found = await records.find(valueAt(input, target.id) as string);
      if (!found) throw notFound(records.missing);
      owner = found;
    }
    if (typeof owner.productId !== 'string') throw new Error(`${routeKey(route)}: no product to open`);
    if (!rule.open) throw new Error(`${routeKey(route)}: the service opens no product`);
    await rule.open(identity, owner.productId, owner.lessonId, input.requestId);
  };
}
