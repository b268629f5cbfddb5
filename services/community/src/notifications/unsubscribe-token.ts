import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObjectId } from '@catalyst/service-kit';

/** What an unsubscribe link stops: one thread's e-mails, or every community e-mail of the person. */
export type UnsubscribeScope = { kind: 'thread'; threadId: string } | { kind: 'all' };

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
 * `<userId>.<threadId | all>.<sig>`: names the person and what they stop, signed so it cannot be changed
 * to name anyone or anything else. It does not expire (an old e-mail's link keeps working).
 */
export function signUnsubscribeToken(userId: string, scope: UnsubscribeScope, secret: string): string {
  const payload = `${userId}.${scope.kind === 'all' ? 'all' : scope.threadId}`;
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
    (target !== 'all' && !isObjectId(target))
  )
    return undefined;
  const expected = Buffer.from(signature(`${userId}.${target}`, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { userId, scope: target === 'all' ? { kind: 'all' } : { kind: 'thread', threadId: target } };
}
