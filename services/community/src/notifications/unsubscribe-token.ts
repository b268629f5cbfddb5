import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '@catalyst/service-kit';

/** What an unsubscribe link stops: one thread's e-mails, one followed creator's, or every community e-mail. */
export type UnsubscribeScope =
  { kind: 'thread'; threadId: string } | { kind: 'creator'; creatorId: string } | { kind: 'all' };

const CREATOR_TARGET = 'creator-';
const targetOf = (scope: UnsubscribeScope) =>
  scope.kind === 'all'
    ? 'all'
    : scope.kind === 'creator'
      ? `${CREATOR_TARGET}${scope.creatorId}`
      : scope.threadId;

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
 * `<userId>.<threadId | creator-<creatorId> | all>.<sig>`: names the person and what they stop, signed so it cannot be changed
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
      !isObjectId(target.startsWith(CREATOR_TARGET) ? target.slice(CREATOR_TARGET.length) : target))
  )
    return undefined;
  const expected = Buffer.from(signature(`${userId}.${target}`, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (target === 'all') return { userId, scope: { kind: 'all' } };
  if (target.startsWith(CREATOR_TARGET))
    return { userId, scope: { kind: 'creator', creatorId: target.slice(CREATOR_TARGET.length) } };
  return { userId, scope: { kind: 'thread', threadId: target } };
}
