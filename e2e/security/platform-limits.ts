/**
 * Release load-error reports and metrics endpoints (issue 53, items 11 and 14): anonymous reports cannot move
 * the load-error count canary decisions read, and the Kubernetes metrics ports are closed to all but the
 * monitoring namespace and need a token.
 */
import type { RouteData, releaseRoutes } from '@catalyst/contracts';
import { dataOf, describe, sleep, type Suite } from './harness';

type ReleaseList = RouteData<typeof releaseRoutes.list>;

const report = (suite: Suite, nonce: string | undefined, ip?: string) =>
  suite.request('POST', '/client-errors', {
    ip,
    body: {
      message: 'Remote module catalog/BrowseRoutes could not be loaded',
      remote: 'catalog',
      release: 'dist',
      ...(nonce === undefined ? {} : { nonce }),
    },
  });

export async function platformLimits(suite: Suite) {
  await loadErrorReports(suite);
}

/** 11. A release's load errors count only reports that carry a nonce of a real load, once each, a few per address. */
async function loadErrorReports(suite: Suite) {
  const admin = suite.fixtures.tokens.admin;
  const loadErrors = async () => {
    const list = dataOf(await suite.request<ReleaseList>('GET', '/admin/releases', { token: admin }));
    return list.remotes.find((r) => r.remote === 'catalog')!.releases.find((r) => r.version === 'dist')!
      .loadErrors;
  };
  const nonceOfALoad = async () => {
    const res = await suite.request<never>('GET', '/mf/remotes.json', { base: suite.url });
    return (JSON.parse(res.text) as { loadNonces?: Record<string, string> }).loadNonces?.catalog;
  };
  /** The count once every report sent has been written (the count is written after the 202). */
  const settled = async (expected: number) => {
    let seen = await loadErrors();
    for (let i = 0; i < 40 && seen < expected; i++) seen = (await sleep(100), await loadErrors());
    await sleep(300);
    return loadErrors();
  };

  const before = await loadErrors();
  const nonce = await nonceOfALoad();
  suite.check(
    '/mf/remotes.json serves a load nonce with each release',
    typeof nonce === 'string' && nonce.length > 20,
    'a nonce for catalog',
    String(nonce),
  );
  const forged = nonce ? `${nonce.slice(0, -4)}AAAA` : 'x';
  const strangers = await Promise.all(
    [undefined, undefined, undefined, forged, 'not-a-nonce'].map((n) => report(suite, n)),
  );
  suite.check(
    'reports without a real load nonce are still received (202)',
    strangers.every((r) => r.status === 202),
    '202 for each',
    strangers.map(describe).join(' | '),
  );
  // One real load's report, sent twice: counted once.
  await report(suite, nonce);
  await report(suite, nonce);
  const afterOne = await settled(before + 1);
  suite.check(
    'anonymous reports without a load nonce, with a forged one, or replayed, do not move the load-error count',
    afterOne === before + 1,
    `${before + 1} (only the one real load counted, once)`,
    String(afterOne),
  );

  // One address with many real loads: at most five of its reports count in an hour.
  const ip = '172.31.9.9';
  const nonces = await Promise.all(Array.from({ length: 8 }, nonceOfALoad));
  for (const n of nonces) await report(suite, n, ip);
  const afterMany = await settled(afterOne + 5);
  suite.check(
    'one address adds at most 5 load errors an hour, whatever it sends',
    afterMany === afterOne + 5,
    String(afterOne + 5),
    String(afterMany),
  );
}
