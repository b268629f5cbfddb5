import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@catalyst/contracts';
import { isObjectId } from '@catalyst/service-kit';

/**
 * What an unsubscribe link stops: one thread's e-mails, one followed creator's, one type's, the weekly e-mail, or
 * every community e-mail.
 */
export type UnsubscribeScope =
  | { kind: 'thread'; threadId: string }
  | { kind: 'creator'; creatorId: string }
  | { kind: 'type'; type: NotificationType }
  | { kind: 'digest' }
  | { kind: 'all' };

const CREATOR_TARGET = 'creator-';
const TYPE_TARGET = 'type-';
const targetOf = (scope: UnsubscribeScope) =>
  scope.kind === 'all' || scope.kind === 'digest'
    ? scope.kind
    : scope.kind === 'creator'
      ? `${CREATOR_TARGET}${scope.creatorId}`
      : scope.kind === 'type'
        ? `${TYPE_TARGET}${scope.type}`
        : scope.threadId;
const typeOf = (target: string): NotificationType | undefined =>
  NOTIFICATION_TYPES.find((type) => target === `${TYPE_TARGET}${type}`);

// A key of its own, so an unsubscribe signature can never stand in for any other HMAC made with the internal secret.
const keys = new Map<string, Buffer>();
function tokenKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('catalyst:community-unsubscribe:v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const signature = (payload: string, secret: string) =>
  createHmac('sha256', tokenKey(secret)).update(payload).digest('base64url');

/**
 * `<userId>.<threadId | creator-<creatorId> | type-<type> | digest | all>.<sig>`: names the person and what they stop, signed so it cannot be changed
 * to name anyone or anything else. It does not expire (an old e-mail's link keeps working).
 */
export function signUnsubscribeToken(userId: string, scope: UnsubscribeScope, secret: string): string {
  const payload = `${userId}.${targetOf(scope)}`;
  return `${payload}.${signature(payload, secret)}`;
}

/** The person and scope of a valid token, or undefined. Never throws. */
export function verifyUnsubscribeToken(
  token: string,
  secret: string,
): { userId: string; scope: UnsubscribeScope } | undefined {
  const [userId, target, sig, extra] = token.split('.');
  if (
    extra !== undefined ||
    !userId ||
    !target ||
    !sig ||
    !isObjectId(userId) ||
    (target !== 'all' &&
      target !== 'digest' &&
      !typeOf(target) &&
      !isObjectId(target.startsWith(CREATOR_TARGET) ? target.slice(CREATOR_TARGET.length) : target))
  )
    return undefined;
  const expected = Buffer.from(signature(`${userId}.${target}`, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (target === 'all' || target === 'digest') return { userId, scope: { kind: target } };
  const type = typeOf(target);
  if (type) return { userId, scope: { kind: 'type', type } };
  if (target.startsWith(CREATOR_TARGET))
    return { userId, scope: { kind: 'creator', creatorId: target.slice(CREATOR_TARGET.length) } };
  return { userId, scope: { kind: 'thread', threadId: target } };
}
