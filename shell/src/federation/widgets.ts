// The remote components the shell shows inside its own pages (besides the remote pages of routeRemotes.ts),
// written once: the pages render them from this table, and a release of a remote that drops one of these
// modules, or whose component no longer takes these props, is refused (scripts/release/contract-checks.ts).
import type { AuthDialogProps, RemoteName } from '@catalyst/web-kit';

/** The props the shell passes each widget (none for the dashboard's sections). */
export interface ShellWidgetProps {
  topCourses: Record<never, never>;
  recommendations: Record<never, never>;
  continueWatching: Record<never, never>;
  authDialog: AuthDialogProps;
}

export interface ShellWidget {
  remote: RemoteName;
  /** The exposed module in the remote's manifest ('./TopCourses'). */
  module: `./${string}`;
}

export const SHELL_WIDGETS = {
  /** The dashboard's most popular courses. */
  topCourses: { remote: 'catalog', module: './TopCourses' },
  /** The recommendation rows: the dashboard's (because you watched, popular, new, top rated), a visitor's on the welcome page (popular, new). */
  recommendations: { remote: 'catalog', module: './RecommendationRows' },
  /** The dashboard's lessons in progress. */
  continueWatching: { remote: 'player', module: './ContinueWatching' },
  /** Sign-in and registration, from every page's header. */
  authDialog: { remote: 'account', module: './AuthDialog' },
} as const satisfies { readonly [W in keyof ShellWidgetProps]: ShellWidget };
