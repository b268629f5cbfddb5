import type { Language } from '@catalyst/contracts/languages';
import { languageOrEnglish, type MailMessage } from '@catalyst/service-kit';
import { authTexts } from '../i18n/en';

/** Whom an e-mail goes to: their name and, when they chose one, their language (auth's `users.locale`). */
interface Recipient {
  name: string;
  locale?: Language | null;
}

/** The texts of every e-mail auth sends, in one place, in the recipient's language; each ends with the site's name. */
export function accountMails({ publicUrl, siteName }: { publicUrl: string; siteName: string }) {
  const base = publicUrl.replace(/\/+$/, '');
  const link = (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
  /** One message: subject and lines in the recipient's language, greeting first and signature last. */
  function mail(
    to: string,
    user: Recipient,
    write: (t: (key: keyof typeof authTexts.english, values?: Record<string, string>) => string) => {
      subject: string;
      lines: string[];
    },
  ): MailMessage {
    const language = languageOrEnglish(user.locale);
    const t = (key: keyof typeof authTexts.english, values?: Record<string, string>) =>
      authTexts.t(language, key, { siteName, ...values });
    const { subject, lines } = write(t);
    return {
      to,
      subject,
      text: [t('mail.greeting', { name: user.name }), '', ...lines, '', t('mail.signature')].join('\n'),
      ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
    };
  }
  return {
    verify(user: Recipient & { email: string }, token: string): MailMessage {
      return mail(user.email, user, (t) => ({
        subject: t('verify.subject'),
        lines: [t('verify.intro'), '', link('/verify-email', token), '', t('verify.expiry')],
      }));
    },

    reset(user: Recipient & { email: string }, token: string): MailMessage {
      return mail(user.email, user, (t) => ({
        subject: t('reset.subject'),
        lines: [
          t('reset.intro'),
          '',
          link('/reset-password', token),
          '',
          t('reset.expiry'),
          t('reset.ignore'),
        ],
      }));
    },

    registrationAttempt(user: Recipient & { email: string }): MailMessage {
      return mail(user.email, user, (t) => ({
        subject: t('attempt.subject'),
        lines: [
          t('attempt.intro'),
          '',
          t('attempt.signIn', { home: `${base}/` }),
          '',
          `${base}/reset-password`,
          '',
          t('attempt.ignore'),
        ],
      }));
    },

    emailChanged(user: Recipient, oldEmail: string, newEmail: string): MailMessage {
      return mail(oldEmail, user, (t) => ({
        subject: t('changed.subject'),
        lines: [
          t('changed.intro', { oldEmail, newEmail }),
          '',
          t('changed.action', { resetLink: `${base}/reset-password` }),
        ],
      }));
    },
  };
}
export type AccountMails = ReturnType<typeof accountMails>;
