// The texts of auth's e-mails in English; the other languages in ./locales.
import { defineServerStrings } from '@catalyst/service-kit';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const authTexts = defineServerStrings(
  'auth',
  {
    'mail.greeting': 'Hi {{name}},',
    'mail.signature': '— {{siteName}}',
    'verify.subject': 'Verify your e-mail address for {{siteName}}',
    'verify.intro': 'Please confirm your e-mail address for {{siteName}} by opening this link:',
    'verify.expiry':
      'The link can be used once and expires in 24 hours. If you did not ask for it, you can ignore this message.',
    'reset.subject': 'Reset your {{siteName}} password',
    'reset.intro':
      'Someone (hopefully you) asked to reset the password of your {{siteName}} account. Open this link to choose a new one:',
    'reset.expiry':
      'The link can be used once and expires in 30 minutes. Resetting signs you out on every device.',
    'reset.ignore': 'If you did not ask for it, you can ignore this message: your password stays as it is.',
    'attempt.subject': 'Someone tried to create a {{siteName}} account with your address',
    'attempt.intro':
      'Someone just tried to create a new {{siteName}} account with this e-mail address, which already has an account.',
    'attempt.signIn':
      'If it was you, simply sign in at {{home}} . If you forgot your password, choose "Forgot password?" in the sign-in dialog:',
    'attempt.ignore': 'If it was not you, you can ignore this message: nothing was changed.',
    'changed.subject': 'The e-mail address of your {{siteName}} account was changed',
    'changed.intro':
      'The sign-in address of your {{siteName}} account was just changed from {{oldEmail}} to {{newEmail}}.',
    'changed.action':
      'If you did this, there is nothing to do. If you did not, reset your password at {{resetLink}} with this address at once and contact support.',
  },
  { es, de, ar },
);
