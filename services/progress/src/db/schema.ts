// The progress schema: one line per table, each table's types in ./tables.
import type { CertificatesTable } from './tables/certificates';
import type { CoWatchedTable } from './tables/co-watched';
import type { LearningDaysTable } from './tables/learning-days';
import type { LessonProgressTable } from './tables/lesson-progress';
import type { NotesTable } from './tables/notes';
import type { PathFollowsTable } from './tables/path-follows';
import type { PlayerSettingsTable } from './tables/player-settings';
import type { ProgressTable } from './tables/progress';
import type { QuizAttemptsTable } from './tables/quiz-attempts';
import type { QuizPapersTable } from './tables/quiz-papers';
import type { CertificateCredentialsTable, SigningKeysTable } from './tables/signing-keys';
import type {
  AnalyticsRollupStateTable,
  ItemDaysTable,
  ItemFiguresTable,
  LessonFiguresTable,
  WatchEventsTable,
} from './tables/watch-analytics';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './tables/webhooks';
import type { XapiDeliveriesTable, XapiSettingsTable, XapiStatementsTable } from './tables/xapi';

export interface Database {
  progress: ProgressTable;
  lesson_progress: LessonProgressTable;
  learning_days: LearningDaysTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_papers: QuizPapersTable;
  certificates: CertificatesTable;
  signing_keys: SigningKeysTable;
  certificate_credentials: CertificateCredentialsTable;
  co_watched: CoWatchedTable;
  notes: NotesTable;
  path_follows: PathFollowsTable;
  player_settings: PlayerSettingsTable;
  watch_events: WatchEventsTable;
  item_days: ItemDaysTable;
  item_figures: ItemFiguresTable;
  lesson_figures: LessonFiguresTable;
  analytics_rollup_state: AnalyticsRollupStateTable;
  xapi_settings: XapiSettingsTable;
  xapi_statements: XapiStatementsTable;
  xapi_deliveries: XapiDeliveriesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
