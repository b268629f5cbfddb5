// The auth area's words and field rules, without zod: what the account remote's dialogs import, so they
// do not download the schemas (auth.ts re-exports them beside its request and response schemas). The
// field rules live here once, as plain functions answering the spec's first failing message, so the
// dialog and the server can never disagree about what a valid name, e-mail or password is.
import { isMixedScript } from './scripts';

/** The spec's exact texts (section 8, sign-in and registration; verification; profile). */
export const authMessages = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters long',
  nameTooLong: 'Name cannot exceed 50 characters',
  nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 10 characters long',
  passwordTooLong: 'Password cannot exceed 128 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  loginFailed: 'Login failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  networkOrServer: 'A network or server error occurred. Please try again later.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  loginSuccess: 'Login successful',
  registerSuccess: 'Registration successful. Please check your email to verify your account.',
  logoutSuccess: 'Logged out successfully',
  noVerificationToken: 'No verification token provided',
  verificationInvalid: 'This verification link is invalid or has expired.',
  verificationSuccess: 'Your email address has been verified.',
  alreadyVerified: 'Your email address is already verified.',
  verificationFailed: 'Verification failed',
  verificationError: 'Verification failed. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdatedVerify:
    'Profile updated successfully! Please check your inbox to verify your new email address.',
  profileUpdateError: 'Something went wrong updating profile.',
  profileUpdateFailed: 'Failed to update profile.',
  passwordChanged: 'Password changed successfully!',
  passwordChangeError: 'Something went wrong changing password.',
  passwordChangeFailed: 'Failed to change password.',
  passwordMustDiffer: 'New password must be different from the current password',
  passwordIncorrect: 'Password is incorrect',
  accountDeleted: 'Account deleted',
  lastAdmin: 'The last remaining admin account cannot be deleted. Make another account admin first.',
  accountDeletionUnavailable:
    'Your account could not be deleted right now. Nothing was removed. Please try again shortly.',
  // Account recovery and abuse limits (not in the spec; written for people who need to act on them).
  tooManyRegistrations: 'Too many sign-up attempts. Please try again later.',
  tooManyResets: 'Too many password reset requests. Please try again later.',
  forgotPasswordSent:
    'If an account exists for that address, we have sent a link to reset its password. It expires in 30 minutes.',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  resetSuccess: 'Your password has been reset. Please sign in with your new password.',
  noResetToken: 'No reset token provided',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  mixedScriptEmail:
    'This email address mixes characters from different alphabets. Please type it in one alphabet.',
  emailChangeNeedsPassword: 'Enter your current password to change your email address',
  verifyToSubscribe: 'Please verify your email address before subscribing. Check your inbox for the link.',
  signedOutEverywhere: 'Signed out of every device',
  rememberBoolean: 'remember must be true or false',
  notRemembered: 'This browser has no sign-in to restore',
  signInRestored: 'Signed in',
  crossSiteRefused: 'This request must come from the Catalyst app itself',
  sharedComputer: 'This is a shared computer',
} as const;

export const NAME_MAX_LENGTH = 50;
/**
 * A new password's minimum length (NIST SP 800-63B asks for at least 8; 10 with the breach-list check of common
 * passwords). Only new passwords are held to it: signing in takes any stored password, so a shorter one made
 * under the old rule (6) keeps working until its owner next changes it.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** Upper bound so a hash request cannot be used to burn CPU; not a spec rule, but never reached by people. */
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;

const NAME_PATTERN = /^[\p{L}\p{M}' -]+$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Trims and lower-cases an e-mail, as both the dialog and the server do before using it. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/** First failing rule of a name (register, profile), or undefined when valid. */
export function validateName(value: string | undefined | null): string | undefined {
  const name = (value ?? '').trim();
  if (name === '') return authMessages.nameRequired;
  if (name.length < 2) return authMessages.nameTooShort;
  if (name.length > NAME_MAX_LENGTH) return authMessages.nameTooLong;
  if (!NAME_PATTERN.test(name)) return authMessages.nameCharacters;
  return undefined;
}

/** First failing rule of an e-mail (after trimming and lower-casing), or undefined when valid. */
export function validateEmail(value: string | undefined | null): string | undefined {
  const email = normaliseEmail(value ?? '');
  if (email === '') return authMessages.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return authMessages.emailInvalid;
  return undefined;
}

/**
 * A new address (registration, e-mail change) must not mix alphabets: `pаypal@…` with a Cyrillic `а`
 * reads like someone else's address. Digits and punctuation belong to no alphabet.
 */
export function validateNewEmail(value: string | undefined | null): string | undefined {
  const invalid = validateEmail(value);
  if (invalid) return invalid;
  return isMixedScript(normaliseEmail(value ?? '')) ? authMessages.mixedScriptEmail : undefined;
}

/** Login only requires a password to be present. */
export function validateLoginPassword(value: string | undefined | null): string | undefined {
  if (!value) return authMessages.passwordRequired;
  if (value.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  return undefined;
}

/** The register rules for a new password (also applied to a changed password). */
export function validateNewPassword(
  value: string | undefined | null,
  requiredMessage: string = authMessages.passwordRequired,
): string | undefined {
  const password = value ?? '';
  if (password === '') return requiredMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return authMessages.passwordComplexity;
  return undefined;
}

export function validateConfirmPassword(
  password: string | undefined | null,
  confirm: string | undefined | null,
): string | undefined {
  if (!confirm) return authMessages.confirmRequired;
  if (confirm !== (password ?? '')) return authMessages.passwordsDoNotMatch;
  return undefined;
}

const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** One point each for the minimum length, a lowercase letter, an uppercase letter and a digit (spec section 5). */
export function passwordStrength(password: string): {
  score: 0 | 1 | 2 | 3 | 4;
  label: PasswordStrengthLabel;
} {
  const score = [
    password.length >= PASSWORD_MIN_LENGTH,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
  ].filter(Boolean).length as 0 | 1 | 2 | 3 | 4;
  return { score, label: PASSWORD_STRENGTH_LABELS[score] };
}
