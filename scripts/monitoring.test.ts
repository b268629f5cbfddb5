import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectProcessMetrics, metricsRegistry } from '@catalyst/service-kit';

const root = path.resolve(import.meta.dirname, '..');
const rulesFile = path.join(root, 'deploy/prometheus/alerts.yml');
const dashboardFile = path.join(root, 'deploy/grafana/catalyst-dashboard.json');

/** Gauges registered by the process that owns their source (read at scrape), and Prometheus's own `up`. */
const REGISTERED_AT_RUN_TIME = [
  'pg_pool_connections',
  'job_queue_depth',
  'subscriptions',
  'sse_connections',
  'up',
];

function exportedNames(): Set<string> {
  collectProcessMetrics();
  const names = new Set<string>(REGISTERED_AT_RUN_TIME);
  for (const metric of metricsRegistry.getMetricsAsArray()) names.add(metric.name);
  return names;
}

/** The metric names a PromQL expression reads (selectors: a name followed by `{` or `[`, or a bare name in label_values). */
function metricsIn(expr: string): string[] {
  const names = new Set<string>();
  for (const match of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*[{[]/g)) names.add(match[1]!);
  for (const match of expr.matchAll(/label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)/g)) names.add(match[1]!);
  return [...names].map((name) => name.replace(/_(bucket|count|sum)$/, ''));
}

const DURATION = /^\d+[smhd]$/;

/** One alerting rule as Prometheus reads it from the rule file. */
interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

describe('Prometheus alert rules', () => {
  const rules = parse(readFileSync(rulesFile, 'utf8')) as {
    groups: Array<{ name: string; rules: AlertRule[] }>;
  };
  const all = rules.groups.flatMap((g) => g.rules);

  it('is a rule file of named groups whose alerts each have an expression, a duration, a severity and a summary', () => {
    expect(rules.groups.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const group of rules.groups) {
      expect(group.name).toMatch(/^[a-z-]+$/);
      expect(group.rules.length).toBeGreaterThan(0);
      for (const rule of group.rules) {
        expect(Object.keys(rule).sort()).toEqual(['alert', 'annotations', 'expr', 'for', 'labels']);
        expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
        expect(names.has(rule.alert)).toBe(false);
        names.add(rule.alert);
        expect(String(rule.for)).toMatch(DURATION);
        expect(['page', 'ticket']).toContain(rule.labels.severity);
        // A one-line summary, and a description of what to do in sentences.
        expect(rule.annotations.summary, rule.alert).toMatch(/^\S[^\n]*$/);
        expect(rule.annotations.description, rule.alert).toMatch(/^\S[^\n]*\.$/);
      }
    }
  });

  it('alerts on the 5xx rate, p99 latency, webhook failures and the job queue backlog', () => {
    const exprOf = (alert: string) => String(all.find((r) => r.alert === alert)?.expr ?? '');
    expect(exprOf('CatalystHigh5xxRate')).toContain('status=~"5.."');
    expect(exprOf('CatalystSlowP99')).toContain('histogram_quantile(0.99');
    expect(exprOf('CatalystWebhookFailures')).toContain('webhooks_total');
    expect(exprOf('CatalystJobQueueBacklog')).toContain('job_queue_depth');
  });

  it('reads only metrics the processes export', () => {
    const exported = exportedNames();
    for (const rule of all)
      for (const name of metricsIn(rule.expr))
        expect(exported, `${rule.alert} reads ${name}`).toContain(name);
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('passes promtool check rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(out).toContain('SUCCESS');
  });
});

describe('Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
    uid: string;
    title: string;
    panels: Array<{
      id: number;
      type: string;
      title: string;
      gridPos: { x: number; y: number; w: number; h: number };
      targets?: Array<{ expr: string }>;
    }>;
  };
  const queried = dashboard.panels.filter((p) => p.type !== 'row');

  it('has the panels an operator watches, each with a query', () => {
    const titles = queried.map((p) => p.title);
    for (const title of [
      'Request rate',
      '5xx rate',
      'p99 latency by route',
      'Postgres pool',
      'Job queue depth',
      'Webhook failures',
      'Open event streams (SSE)',
      'Sign-ups',
      'Checkouts',
      'Active subscriptions',
    ])
      expect(titles).toContain(title);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of queried) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.gridPos, panel.title).toEqual({
        x: expect.any(Number),
        y: expect.any(Number),
        w: expect.any(Number),
        h: expect.any(Number),
      });
      // Grafana's grid is 24 columns wide.
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
    }
  });

  it('queries only metrics the processes export', () => {
    const exported = exportedNames();
    for (const panel of queried)
      for (const target of panel.targets ?? [])
        for (const name of metricsIn(target.expr))
          expect(exported, `${panel.title} reads ${name}`).toContain(name);
  });
});
