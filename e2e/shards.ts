/**
 * Which browser journeys each shard runs. Playwright's own `--shard` cuts the sorted file list into equal
 * counts of tests, which left one shard 80 s longer than the other (their files are not equally long), and the
 * suite waits for the longer. Here the spec files are dealt by their measured length instead, longest first,
 * each to the shard with the least work so far (LPT scheduling), so the shards end within seconds of each other.
 */

/**
 * Seconds each spec file's tests took in a clean-clone CI run (the sum of Playwright's per-test times; see
 * docs/contributing.md to measure them again). A file not listed counts as DEFAULT_SPEC_SECONDS.
 */
export const SPEC_SECONDS: Record<string, number> = {
  'a11y.spec.ts': 217.4,
  'layout-shift.spec.ts': 176.7,
  'catalog.spec.ts': 104,
  'releases.spec.ts': 102.1,
  'pwa.spec.ts': 100.5,
  'shell.spec.ts': 81.1,
  'player.spec.ts': 65.5,
  'subscription.spec.ts': 65.1,
  'course.spec.ts': 49.3,
  'auth.spec.ts': 49.1,
  'walkthrough.spec.ts': 38.2,
  'media.spec.ts': 31.3,
  'admin.spec.ts': 29,
  'platform.spec.ts': 27.7,
  'billing.spec.ts': 25.5,
  'community.spec.ts': 24.7,
  'certificates.spec.ts': 22.7,
  'api-docs.spec.ts': 6.2,
  'search.spec.ts': 5.4,
  'notes.spec.ts': 3.9,
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
