/**
 * Release load-error reports and metrics endpoints (issue 53, items 11 and 14): anonymous reports cannot move
 * the load-error count canary decisions read, and the Kubernetes metrics ports are closed to all but the
 * monitoring namespace and need a token.
 */
import type { RouteData, releaseRoutes } from '@catalyst/contracts';
import { startMetricsServer } from '@catalyst/service-kit';
import { KUSTOMIZATIONS, ofKind, render } from '../../deploy/k8s/validate';
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
  await metricsPorts(suite);
}

/** 14. Metrics bound beyond loopback need a token; in Kubernetes the token comes from a Secret and only monitoring reaches the port. */
async function metricsPorts(suite: Suite) {
  const open = await startMetricsServer({ config: { METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' } }).then(
    (server) => (server?.close(), 'listening with no token'),
    (error: Error) => error.message,
  );
  suite.check(
    'a metrics listener on 0.0.0.0 without METRICS_TOKEN refuses to start',
    /METRICS_TOKEN .* is required/.test(open),
    'refused: METRICS_TOKEN is required',
    open,
  );
  const objects = render(KUSTOMIZATIONS.production);
  const policies = ofKind(objects, 'NetworkPolicy');
  for (const d of ofKind(objects, 'Deployment')) {
    const labels = d.spec!.template.metadata?.labels ?? {};
    for (const c of d.spec!.template.spec!.containers) {
      const port = c.ports?.find((p) => p.name === 'metrics');
      if (!port) continue;
      const token = c.env?.find((e) => e.name === 'METRICS_TOKEN')?.valueFrom?.secretKeyRef;
      suite.check(
        `${d.metadata.name}: METRICS_TOKEN comes from a Secret, required`,
        !!token && !token.optional,
        'env METRICS_TOKEN from a secretKeyRef (not optional)',
        JSON.stringify(c.env?.find((e) => e.name === 'METRICS_TOKEN') ?? 'none'),
      );
      const guarding = policies.filter(
        (p) =>
          p.spec!.policyTypes?.includes('Ingress') &&
          Object.entries(p.spec!.podSelector.matchLabels ?? {}).every(([k, v]) => labels[k] === v),
      );
      const openRules = guarding.flatMap((p) =>
        (p.spec!.ingress ?? []).filter(
          (rule) =>
            (!rule.ports?.length ||
              rule.ports.some((x) => x.port === 'metrics' || x.port === port.containerPort)) &&
            !rule.from?.every(
              (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring',
            ),
        ),
      );
      suite.check(
        `${d.metadata.name}: only the monitoring namespace reaches the metrics port`,
        guarding.length > 0 && openRules.length === 0,
        'a NetworkPolicy selecting the pod, allowing the metrics port from the monitoring namespace only',
        guarding.length === 0 ? 'no NetworkPolicy selects the pod' : JSON.stringify(openRules),
      );
    }
  }
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
