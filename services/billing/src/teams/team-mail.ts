// The team's e-mails: an invitation to its address, and the owner told when someone found no free seat.
import type { Language } from '@catalyst/contracts/languages';
import { formatDate, languagesOfUsers, sendQuietly } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'config' | 'auth'>;

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The page an invitation opens: sign in or register as the invited address, then Join. */
export const teamJoinUrl = (publicUrl: string, token: string) => `${origin(publicUrl)}/team/join/${token}`;

/** The page a team's join link opens: sign in or register at one of its domains, then Join. */
export const teamJoinLinkUrl = (publicUrl: string, token: string) =>
  `${origin(publicUrl)}/team/link/${token}`;

export const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** An invitation to a team, in `language` (see sendTeamInvitation for which one). */
export function teamInvitationMessage(
  invitation: { teamName: string; invitedBy: string; token: string; expiresAt: Date },
  publicUrl: string,
  language: Language = 'en',
) {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string | number>) =>
    billingTexts.t(language, key, values);
  return {
    subject: t('invite.subject', { team: invitation.teamName }),
    text: [
      t('mail.helloNoName'),
      '',
      t('invite.invited', { inviter: invitation.invitedBy, team: invitation.teamName }),
      '',
      t('invite.join', { link: teamJoinUrl(publicUrl, invitation.token) }),
      '',
      t('invite.once', { date: formatDate(language, invitation.expiresAt) }),
    ].join('\n'),
    ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
  };
}

/**
 * Mails an invitation in the invited address's own language when it has an account that chose one, else in
 * `language` (the inviter's: their account's, else their page's).
 */
export async function sendTeamInvitation(
  deps: MailDeps,
  to: string,
  invitation: { teamName: string; invitedBy: string; token: string; expiresAt: Date },
  language: Language,
) {
  await sendQuietly(deps.mailer, deps.log, {
    to,
    ...teamInvitationMessage(invitation, deps.config.PUBLIC_URL, language),
  });
}

/** The owner told, in their language, that someone found every seat taken. */
export async function sendTeamFullMail(
  deps: MailDeps,
  owner: { user_id: string; email: string; name: string },
  team: { name: string; seats: number },
  joiner: string,
  via: 'invitation' | 'join link' = 'invitation',
) {
  const language = (await languagesOfUsers(deps.auth, [owner.user_id], deps.log))(owner.user_id);
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string | number>) =>
    billingTexts.t(language, key, values);
  const names = { joiner, team: team.name, seats: team.seats };
  await sendQuietly(deps.mailer, deps.log, {
    to: owner.email,
    subject: t('full.subject', names),
    text: [
      t('mail.hello', { name: owner.name }),
      '',
      t(via === 'invitation' ? 'full.invitation' : 'full.joinLink', names),
      t('full.action', { link: `${origin(deps.config.PUBLIC_URL)}/team` }),
    ].join('\n'),
    ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
  });
}
