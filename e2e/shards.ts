/**
 * Which browser journeys each shard runs. Playwright's own `--shard` cuts the sorted file list into equal
 * counts of tests, which left one shard 80 s longer than the other (their files are not equally long), and the
 * suite waits for the longer. Here the spec files are dealt by their measured length instead, longest first,
 * each to the shard with the least work so far (LPT scheduling), so the shards end within seconds of each other.
 */

/**
 * Seconds each spec file's tests took in clean-clone CI runs (the sum of Playwright's per-test times, the mean
 * of the last two runs, the proofs of 2c193ca and e0ef160: one run's figures swing by ±30%; see
 * docs/contributing.md to measure them again). a11y, teams and team-sso changed between the two: theirs are
 * e0ef160's alone. A file not listed counts as DEFAULT_SPEC_SECONDS.
 */
export const SPEC_SECONDS: Record<string, number> = {
  'a11y.spec.ts': 155,
  'layout-shift.spec.ts': 146,
  'releases.spec.ts': 121,
  'catalog.spec.ts': 103,
  'pwa.spec.ts': 94,
  'player.spec.ts': 82,
  'subscription.spec.ts': 75,
  'shell.spec.ts': 70,
  'course.spec.ts': 67,
  'auth.spec.ts': 47,
  'media.spec.ts': 41,
  'community.spec.ts': 36,
  'platform.spec.ts': 35,
  'walkthrough.spec.ts': 33,
  // With the API key journey: 30 s measured, plus its 4.0–5.6 s here.
  'admin.spec.ts': 36,
  // With the join-link journey: 18 s measured, plus its 6.5–8.9 s here (teams' two others took their CI 18 s here).
  'teams.spec.ts': 26,
  'certificates.spec.ts': 23,
  'billing.spec.ts': 20,
  'notes.spec.ts': 16,
  'paths.spec.ts': 15,
  // With the SAML journey: 7.4 s measured, plus its 5.4–7.6 s here scaled by the OIDC journey's CI/here ratio.
  'team-sso.spec.ts': 11,
  'api-docs.spec.ts': 9,
  'theme.spec.ts': 4.3,
  'search.spec.ts': 3.6,
  // Not yet measured in CI: its one journey took 7.5–12 s here over three runs.
  'studio.spec.ts': 10,
  // Not yet measured in CI: one journey, 3.7 s here.
  'earnings.spec.ts': 6,
  // Not yet measured in CI: one journey, 2.6–4.4 s here over three runs.
  'studio-analytics.spec.ts': 6,
  // Not yet measured in CI: its one journey (register the LMS, framed launch and video, a score back): 8.9–15.1 s here.
  'lti.spec.ts': 14,
  // Not yet measured in CI: a reply reaches the open notifications page (2.4–6.1 s here) and push on this
  // device (the switches, the subscribe click, the worker showing a push: 7.3–9.7 s here); 15.1 s together.
  'notifications.spec.ts': 16,
  // Not yet measured in CI: one journey (Arabic in the footer, a reload, the learner signs in, back to English): 7.9 s
  // here.
  'languages.spec.ts': 14,
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
