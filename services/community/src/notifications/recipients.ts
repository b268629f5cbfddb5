import { authInternalRoutes, USERS_LOOKUP_MAX, type Identity, type UserSummary } from '@catalyst/contracts';
import { HttpError, type Peer } from '@catalyst/service-kit';
import { type LessonAccess } from '@catalyst/catalog-access';

/**
 * Names and e-mail addresses of these people, asked of auth when a mail is about to go (community never
 * keeps addresses). An account that no longer exists is simply absent.
 */
export async function lookupRecipients(auth: Peer, userIds: string[]): Promise<Map<string, UserSummary>> {
  const found = new Map<string, UserSummary>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += USERS_LOOKUP_MAX) {
    const users = await auth.call(authInternalRoutes.lookupUsers, {
      body: { ids: unique.slice(i, i + USERS_LOOKUP_MAX) },
    });
    for (const user of users) found.set(user.id, user);
  }
  return found;
}

export interface Target {
  productId: string;
  lessonId: string | null;
}
const targetKey = (target: Target) => `${target.productId}/${target.lessonId ?? ''}`;

/**
 * Which of these targets (products or lessons) a person may still open, by the rule every page keeps: an
 * e-mail never carries a premium discussion to someone whose plan has ended. Answers a test per target, or
 * null when it cannot be known now (billing or content unreachable: ask again on the next round).
 */
export async function openableBy(
  lessonAccess: Pick<LessonAccess, 'assertMayOpen'>,
  person: UserSummary,
  targets: Target[],
): Promise<((target: Target) => boolean) | null> {
  const identity: Identity = {
    id: person.id,
    role: person.role ?? 'user',
    email: person.email,
    name: person.name,
  };
  const verdicts = new Map<string, boolean>();
  for (const target of targets) {
    const key = targetKey(target);
    if (verdicts.has(key)) continue;
    try {
      await lessonAccess.assertMayOpen(identity, target.productId, target.lessonId);
      verdicts.set(key, true);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 403 && error.status !== 404)) return null;
      verdicts.set(key, false);
    }
  }
  return (target) => verdicts.get(targetKey(target)) === true;
}
