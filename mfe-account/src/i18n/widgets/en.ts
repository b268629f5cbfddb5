// The sign-in dialog's texts in English (the shell shows it on every page's header): its own small table, so a
// page opening it in another language loads these few texts, not the account pages' whole table (../en.ts).
import { defineStrings, type Translate } from '@catalyst/web-kit';
import { dialogMessages } from '../contractMessages';

export const accountWidgetStrings = defineStrings(
  'account-widgets',
  {
    ...dialogMessages,
    'auth.loginTitle': 'Welcome Back',
    'auth.registerTitle': 'Create Account',
    'auth.loginSubtitle': 'Sign in to continue learning.',
    'auth.registerSubtitle': 'Join to start learning today.',
    'auth.loginForm': 'Login',
    'auth.registerForm': 'Register',
    'auth.name': 'Name',
    'auth.email': 'Email',
    'auth.password': 'Password',
    'auth.confirmPassword': 'Confirm Password',
    'auth.showPassword': 'Show password',
    'auth.hidePassword': 'Hide password',
    'auth.show': 'Show',
    'auth.hide': 'Hide',
    'auth.passwordsMatch': '✓ Passwords match',
    'auth.legal': 'By creating an account you agree to the {{terms}} and the {{privacy}}.',
    'auth.terms': 'Terms and Conditions',
    'auth.privacy': 'Privacy Policy',
    'auth.forgot': 'Forgot password?',
    'auth.signingIn': 'Signing in...',
    'auth.creating': 'Creating account...',
    'auth.login': 'Login',
    'auth.createAccount': 'Create Account',
    'auth.noAccount': "Don't have an account? ",
    'auth.haveAccount': 'Already have an account? ',
    'auth.signUp': 'Sign Up',
    'strength.label': 'Password strength',
    'strength.veryWeak': 'Very Weak',
    'strength.weak': 'Weak',
    'strength.fair': 'Fair',
    'strength.good': 'Good',
    'strength.strong': 'Strong',
    'ssoOffer.text': '{{team}} signs in with single sign-on.',
    'ssoOffer.failed': 'Single sign-on could not start. Try again.',
    'ssoOffer.group': 'Single sign-on',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);

/** The dialog's texts in the page's language (what `useStrings(accountWidgetStrings)` gives). */
export type WidgetText = Translate<typeof accountWidgetStrings.english>;
