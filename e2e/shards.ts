/**
 * Which browser journeys each shard runs. Playwright's own `--shard` cuts the sorted file list into equal
 * counts of tests, which left one shard 80 s longer than the other (their files are not equally long), and the
 * suite waits for the longer. Here the spec files are dealt by their measured length instead, longest first,
 * each to the shard with the least work so far (LPT scheduling), so the shards end within seconds of each other.
 */

/**
 * Seconds each spec file's tests took in clean-clone CI runs (the sum of Playwright's per-test times, the mean
 * of the last two runs, the proofs of b3cc148: one run's figures swing by ±30%; see docs/contributing.md to
 * measure them again). a11y's is theirs less the pages its learner and member no longer open again (its
 * learner's 53 s for 18 pages, now 9; its member's 48 s for 17, now 8). A file not listed counts as
 * DEFAULT_SPEC_SECONDS.
 */
export const SPEC_SECONDS: Record<string, number> = {
  'a11y.spec.ts': 173,
  'layout-shift.spec.ts': 152,
  'pwa.spec.ts': 130,
  'subscription.spec.ts': 124,
  'shell.spec.ts': 112,
  'catalog.spec.ts': 110,
  'releases.spec.ts': 101,
  'player.spec.ts': 87,
  'course.spec.ts': 75,
  'auth.spec.ts': 58,
  'walkthrough.spec.ts': 51,
  'media.spec.ts': 46,
  'community.spec.ts': 44,
  'platform.spec.ts': 41,
  'admin.spec.ts': 34,
  'certificates.spec.ts': 29,
  'teams.spec.ts': 20,
  'billing.spec.ts': 19,
  'notes.spec.ts': 19,
  'paths.spec.ts': 16,
  'team-sso.spec.ts': 14,
  // Since measured: the journey also signs in through the Arabic dialog and opens the product page, /browse,
  // /notifications, /profile and the dashboard in Arabic: 19.3–23.3 s here.
  'languages.spec.ts': 24,
  'api-docs.spec.ts': 12,
  'lti.spec.ts': 12,
  // notifications.spec.ts's 9 s, split: the push journey (5.7 s) in its own file for its own browser
  'push.spec.ts': 6,
  'notifications.spec.ts': 3,
  'studio.spec.ts': 9,
  'studio-analytics.spec.ts': 6,
  'search.spec.ts': 5,
  'earnings.spec.ts': 4,
  'theme.spec.ts': 4,
};
export const DEFAULT_SPEC_SECONDS = 60;

/** The spec files dealt into `count` shards of nearly equal measured length (each shard's files sorted). */
export function planShards(files: string[], count: number, seconds = SPEC_SECONDS): string[][] {
  const weight = (file: string) => seconds[file] ?? DEFAULT_SPEC_SECONDS;
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, shard) => (shard.total < min.total ? shard : min));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return shards.map((shard) => shard.files.sort());
}
