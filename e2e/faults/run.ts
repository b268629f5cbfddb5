/**
 * `npm run test:faults`: starts the product with its own Postgres and Redis, injects real faults (a
 * stopped database, a stopped cache, a killed service, a broken remote, billing down during webhooks,
 * media under fault, community killed during a live session, billing killed during a gift's redemption)
 * and checks what users and the data see. Ends with `N passed, N failed`; exits non-zero on a failure.
 * `--only=1,3` runs some scenarios.
 */
import { communityKilled } from './community-killed';
import { giftRedemption } from './gift-redemption';
import { Checks } from './lib/checks';
import { startEnvironment, type Environment } from './lib/environment';
import { mediaFaults } from './media-faults';
import { postgresOutage } from './postgres-outage';
import { redisOutage } from './redis-outage';
import { registryDown } from './registry-down';
import { remoteBroken } from './remote-broken';
import { serviceKilled } from './service-killed';
import { webhookRetry } from './webhook-retry';

const scenarios: Array<[string, (env: Environment, checks: Checks) => Promise<void>]> = [
  ['1', postgresOutage],
  ['2', redisOutage],
  ['3', serviceKilled],
  ['4', remoteBroken],
  ['5', webhookRetry],
  ['6', mediaFaults],
  ['7', communityKilled],
  ['8', registryDown],
  ['9', giftRedemption],
];

async function main() {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const checks = new Checks();
  const started = Date.now();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say('starting the product with its own Postgres and Redis…');
  const env = await startEnvironment(say);
  say(`product up at ${env.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    for (const [id, run] of scenarios) {
      if (only && !only.includes(id)) continue;
      const scenarioStarted = Date.now();
      try {
        await run(env, checks);
      } catch (error) {
        checks.check(
          `scenario ${id} ran to the end`,
          false,
          error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' / ') : String(error),
        );
      }
      say(`  (${((Date.now() - scenarioStarted) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await env.stop();
  }
  say('');
  if (checks.failures.length) say(`failures:\n${checks.failures.map((f) => `  - ${f}`).join('\n')}`);
  say(`total run time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(`${checks.passed} passed, ${checks.failed} failed`);
  process.exit(checks.failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `fault suite could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
});
