import argon2 from 'argon2';
import { authMessages } from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';

/** OWASP's argon2id baseline (m = 19 MiB, t = 2, p = 1). */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it still does the work of
 * one verification, so a wrong e-mail and a wrong password take the same time.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-0A');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export const needsRehash = (hash: string): boolean => {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
};

let common: Set<string> | undefined;

/**
 * True for a password a breach list would try first (zxcvbn's list of ~49,000 common passwords,
 * compared case-insensitively, so `Password1` is caught as `password1`).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}

/** Refuses a common password on `field` with a message a person can act on (400). */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password))
    throw badRequest(authMessages.commonPassword, [{ field, message: authMessages.commonPassword }]);
}
