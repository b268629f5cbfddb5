// The e-mail each assignee gets: "<team> assigned you <title>", its due date and a link to it, in their language.
import { assignedItemPath, type AssignmentTargetKind } from '@catalyst/contracts';
import { formatDate, languagesOfUsers, sendQuietly } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';
import { longDate } from '../teams/team-mail';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'config' | 'auth'>;

/** The address of the page an assigned item opens. */
const assignedItemUrl = (publicUrl: string, kind: AssignmentTargetKind, key: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${assignedItemPath(kind, key)}`;

export async function sendAssignmentMails(
  deps: MailDeps,
  to: ReadonlyArray<{ user_id: string; email: string; name: string }>,
  assignment: {
    teamName: string;
    title: string;
    kind: AssignmentTargetKind;
    key: string;
    dueAt: Date | null;
  },
) {
  const url = assignedItemUrl(deps.config.PUBLIC_URL, assignment.kind, assignment.key);
  const languageOf = await languagesOfUsers(
    deps.auth,
    to.map((person) => person.user_id),
    deps.log,
  );
  const names = { team: assignment.teamName, title: assignment.title };
  await Promise.all(
    to.map((person) => {
      const language = languageOf(person.user_id);
      const t = (key: keyof typeof billingTexts.english, values?: Record<string, string>) =>
        billingTexts.t(language, key, values);
      const { dueAt } = assignment;
      return sendQuietly(deps.mailer, deps.log, {
        to: person.email,
        subject: t('assignment.subject', names),
        text: [
          t('mail.hello', { name: person.name }),
          '',
          t('assignment.assigned', names),
          dueAt
            ? t('assignment.due', { date: language === 'en' ? longDate(dueAt) : formatDate(language, dueAt) })
            : t('assignment.noDue'),
          '',
          t('assignment.start', { link: url }),
        ].join('\n'),
        ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
      });
    }),
  );
}
