/**
 * Which browser journeys each shard runs. Playwright's own `--shard` cuts the sorted file list into equal
 * counts of tests, which left one shard 80 s longer than the other (their files are not equally long), and the
 * suite waits for the longer. Here the spec files are dealt by their measured length instead, longest first,
 * each to the shard with the least work so far (LPT scheduling), so the shards end within seconds of each other.
 */

/**
 * Seconds each spec file's tests took in clean-clone CI runs (the sum of Playwright's per-test times, the mean
 * of the last two runs: one run's figures swing by ±20%; see docs/contributing.md to measure them again). The
 * a11y and layout-shift figures are estimates until a clean run measures them: their waits and scans were cut
 * (a loaded machine took 114.5 s and 125.2 s where clean run e took 194.8 s and 162.7 s).
 * A file not listed counts as DEFAULT_SPEC_SECONDS.
 */
export const SPEC_SECONDS: Record<string, number> = {
  'a11y.spec.ts': 135,
  'layout-shift.spec.ts': 120,
  'catalog.spec.ts': 98.1,
  'pwa.spec.ts': 96.2,
  'releases.spec.ts': 88.1,
  'shell.spec.ts': 78.9,
  'player.spec.ts': 68.2,
  'subscription.spec.ts': 67.9,
  'course.spec.ts': 52.8,
  'auth.spec.ts': 44.6,
  'walkthrough.spec.ts': 30.4,
  'media.spec.ts': 28.9,
  'admin.spec.ts': 27.9,
  'platform.spec.ts': 26.9,
  'community.spec.ts': 25.2,
  'billing.spec.ts': 22.1,
  'certificates.spec.ts': 21.2,
  'paths.spec.ts': 18,
  'search.spec.ts': 5.2,
  'api-docs.spec.ts': 4.5,
  'notes.spec.ts': 9.8,
  'theme.spec.ts': 8,
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
