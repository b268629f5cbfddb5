// What the account remote exposes (its name in the manifest -> its source file), written once: rspack.config.ts
// builds these, and a release is checked against what the shell and other remotes import of them
// (scripts/release/contract-checks.ts). Plain data: read by the build and the release check in Node.
export const exposes = {
  './AuthDialog': './src/auth/AuthDialog.tsx',
  './ProfilePage': './src/profile/ProfilePage.tsx',
  './SubscriptionRoutes': './src/subscription/routes.tsx',
  './VerifyEmailPage': './src/verify-email/VerifyEmailPage.tsx',
  './ResetPasswordPage': './src/reset-password/ResetPasswordPage.tsx',
  './UnsubscribePage': './src/unsubscribe/UnsubscribePage.tsx',
  './CertificatePage': './src/certificates/CertificatePage.tsx',
  './LearningRecordPage': './src/learning/LearningRecordPage.tsx',
  './NotesPage': './src/notes/NotesPage.tsx',
  './AccountPage': './src/account/AccountPage.tsx',
  './BillingPage': './src/billing/BillingPage.tsx',
  './GiftRoutes': './src/gift/GiftRoutes.tsx',
  './TeamRoutes': './src/team/TeamRoutes.tsx',
  './SavedPage': './src/saved/SavedPage.tsx',
  './CreatorJoinPage': './src/studio/CreatorJoinPage.tsx',
} as const;
