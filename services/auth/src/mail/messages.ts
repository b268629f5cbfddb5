import type { MailMessage } from '@catalyst/service-kit';

/** The texts of every e-mail auth sends, in one place; each ends with the site's name. */
export function accountMails({ publicUrl, siteName }: { publicUrl: string; siteName: string }) {
  const base = publicUrl.replace(/\/+$/, '');
  const sign = ['', `— ${siteName}`];
  const link = (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
  return {
    verify(user: { name: string; email: string }, token: string): MailMessage {
      return {
        to: user.email,
        subject: `Verify your e-mail address for ${siteName}`,
        text: [
          `Hi ${user.name},`,
          '',
          `Please confirm your e-mail address for ${siteName} by opening this link:`,
          '',
          link('/verify-email', token),
          '',
          'The link can be used once and expires in 24 hours. If you did not ask for it, you can ignore this message.',
          ...sign,
        ].join('\n'),
      };
    },

    reset(user: { name: string; email: string }, token: string): MailMessage {
      return {
        to: user.email,
        subject: `Reset your ${siteName} password`,
        text: [
          `Hi ${user.name},`,
          '',
          `Someone (hopefully you) asked to reset the password of your ${siteName} account. Open this link to choose a new one:`,
          '',
          link('/reset-password', token),
          '',
          'The link can be used once and expires in 30 minutes. Resetting signs you out on every device.',
          'If you did not ask for it, you can ignore this message: your password stays as it is.',
          ...sign,
        ].join('\n'),
      };
    },

    registrationAttempt(user: { name: string; email: string }): MailMessage {
      return {
        to: user.email,
        subject: `Someone tried to create a ${siteName} account with your address`,
        text: [
          `Hi ${user.name},`,
          '',
          `Someone just tried to create a new ${siteName} account with this e-mail address, which already has an account.`,
          '',
          `If it was you, simply sign in at ${base}/ . If you forgot your password, choose "Forgot password?" in the sign-in dialog:`,
          '',
          `${base}/reset-password`,
          '',
          'If it was not you, you can ignore this message: nothing was changed.',
          ...sign,
        ].join('\n'),
      };
    },

    emailChanged(user: { name: string }, oldEmail: string, newEmail: string): MailMessage {
      return {
        to: oldEmail,
        subject: `The e-mail address of your ${siteName} account was changed`,
        text: [
          `Hi ${user.name},`,
          '',
          `The sign-in address of your ${siteName} account was just changed from ${oldEmail} to ${newEmail}.`,
          '',
          `If you did this, there is nothing to do. If you did not, reset your password at ${base}/reset-password with this address at once and contact support.`,
          ...sign,
        ].join('\n'),
      };
    },
  };
}
export type AccountMails = ReturnType<typeof accountMails>;
