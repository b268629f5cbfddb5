// The team forms' messages, in English: the account's own checks show them too, loading only these keys (and the
// one set of es/de/ar, ./{es,de,ar}.json). Zod-free and small; ../form-messages.ts joins every area's.
import { teamLearningMessages } from '../team-learning-terms';
import { teamMessages } from '../teams-terms';

export const TEAM_FORM_MESSAGES = {
  'team.name': teamMessages.name,
  'team.seats': teamMessages.seats,
  'team.interval': teamMessages.interval,
  'team.invitees': teamMessages.invitees,
  'teamLearning.dueAt': teamLearningMessages.dueAt,
  'teamLearning.role': teamLearningMessages.role,
} as const;
