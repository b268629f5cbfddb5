import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFrontend } from '../scripts/rspack-app';

export default defineFrontend({
  name: 'account',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3003,
  title: 'Catalyst account (standalone)',
  exposes: {
    './AuthDialog': './src/auth/AuthDialog.tsx',
    './ProfilePage': './src/profile/ProfilePage.tsx',
    './SubscriptionRoutes': './src/subscription/routes.tsx',
    './VerifyEmailPage': './src/verify-email/VerifyEmailPage.tsx',
    './ResetPasswordPage': './src/reset-password/ResetPasswordPage.tsx',
    './UnsubscribePage': './src/unsubscribe/UnsubscribePage.tsx',
    './CertificatePage': './src/certificates/CertificatePage.tsx',
    './LearningRecordPage': './src/learning/LearningRecordPage.tsx',
  },
});
