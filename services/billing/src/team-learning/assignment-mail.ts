// The e-mail each assignee gets: "<team> assigned you <title>", its due date and a link to it.
import { assignedItemPath, teamAssignmentSubject, type AssignmentTargetKind } from '@catalyst/contracts';
import { sendQuietly } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { longDate } from '../teams/team-mail';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'config'>;

/** The address of the page an assigned item opens. */
const assignedItemUrl = (publicUrl: string, kind: AssignmentTargetKind, key: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${assignedItemPath(kind, key)}`;

export async function sendAssignmentMails(
  deps: MailDeps,
  to: ReadonlyArray<{ email: string; name: string }>,
  assignment: {
    teamName: string;
    title: string;
    kind: AssignmentTargetKind;
    key: string;
    dueAt: Date | null;
  },
) {
  const subject = teamAssignmentSubject(assignment.teamName, assignment.title);
  const url = assignedItemUrl(deps.config.PUBLIC_URL, assignment.kind, assignment.key);
  await Promise.all(
    to.map((person) =>
      sendQuietly(deps.mailer, deps.log, {
        to: person.email,
        subject,
        text: [
          `Hello ${person.name},`,
          '',
          `${assignment.teamName} assigned you ${assignment.title} on Catalyst.`,
          assignment.dueAt ? `It is due by ${longDate(assignment.dueAt)}.` : 'It has no due date.',
          '',
          `Start it: ${url}`,
        ].join('\n'),
      }),
    ),
  );
}
