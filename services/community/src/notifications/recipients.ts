import { authInternalRoutes, type Identity, type UserSummary } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { HttpError, languageOrEnglish, type Logger, type Peer } from '@catalyst/service-kit';
import { type LessonAccess } from '@catalyst/catalog-access';

/** Auth's lookup takes at most this many ids per call. */
const LOOKUP_CHUNK = 500;

/**
 * Names and e-mail addresses of these people, asked of auth when a mail is about to go (community never
 * keeps addresses). An account that no longer exists is simply absent.
 */
export async function lookupRecipients(auth: Peer, userIds: string[]): Promise<Map<string, UserSummary>> {
  const found = new Map<string, UserSummary>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const users = await auth.call(authInternalRoutes.lookupUsers, {
      body: { ids: unique.slice(i, i + LOOKUP_CHUNK) },
    });
    for (const user of users) found.set(user.id, user);
  }
  return found;
}

/**
 * The language each of these people reads the app in (their account's, asked of auth): what a notification pushed
 * or streamed to them is written in. English for anyone when auth cannot answer now: the notification still goes.
 */
export async function languagesOfPeople(
  auth: Peer,
  userIds: string[],
  log: Logger,
): Promise<(userId: string) => Language> {
  if (userIds.length === 0) return () => 'en';
  try {
    const people = await lookupRecipients(auth, userIds);
    return (userId) => languageOrEnglish(people.get(userId)?.locale);
  } catch (error) {
    log.warn(
      { users: userIds.length, err: error instanceof Error ? error.message : String(error) },
      'notifications written in English',
    );
    return () => 'en';
  }
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
