/**
 * Which browser journeys each shard runs. Playwright's own `--shard` cuts the sorted file list into equal
 * counts of tests, which left one shard 80 s longer than the other (their files are not equally long), and the
 * suite waits for the longer. Here the spec files are dealt by their measured length instead, longest first,
 * each to the shard with the least work so far (LPT scheduling), so the shards end within seconds of each other.
 */

/**
 * Seconds each spec file's tests took in a clean-clone CI run (the sum of Playwright's per-test times, from the
 * proof of 2c193ca; one run's figures swing by ±20%; see docs/contributing.md to measure them again). The a11y
 * figure is an estimate until a clean run measures it: its admin scans open each page once for both themes
 * (that run took 246 s, 103.6 s of it the admin's two tests; alone they went 65.6 s → 49.5 s).
 * A file not listed counts as DEFAULT_SPEC_SECONDS.
 */
export const SPEC_SECONDS: Record<string, number> = {
  'a11y.spec.ts': 223,
  'layout-shift.spec.ts': 153,
  'catalog.spec.ts': 107,
  'pwa.spec.ts': 105,
  'releases.spec.ts': 97,
  'player.spec.ts': 95,
  'shell.spec.ts': 87,
  'subscription.spec.ts': 82,
  'course.spec.ts': 67,
  'auth.spec.ts': 51,
  'media.spec.ts': 46,
  'walkthrough.spec.ts': 38,
  'community.spec.ts': 37,
  'platform.spec.ts': 36,
  'admin.spec.ts': 29,
  'certificates.spec.ts': 23,
  'billing.spec.ts': 22,
  'notes.spec.ts': 19,
  'paths.spec.ts': 13,
  'api-docs.spec.ts': 11,
  // estimates until a clean CI run measures them: teams took 29.6 s and team-sso 39–59 s on a machine
  // loaded by three other jobs, teams' first journey 8.7–11.8 s alone
  'teams.spec.ts': 17,
  'theme.spec.ts': 4.4,
  'search.spec.ts': 3.6,
  'team-sso.spec.ts': 15,
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
