// The Kubernetes manifests (deploy/k8s) rendered with kubectl kustomize and checked offline: the API schema,
// unknown fields, and the project's rules; and each check shown to catch what it is for.
import { describe, expect, it } from 'vitest';
import {
  KUSTOMIZATIONS,
  ofKind,
  policyProblems,
  render,
  schemaProblems,
  unknownFieldProblems,
  validateKustomization,
  type K8sObject,
  type KindTypes,
  type Rendered,
} from '../deploy/k8s/validate';

const clone = <T>(value: T): T => structuredClone(value);
const production = render(KUSTOMIZATIONS.production);
const named = <K extends keyof KindTypes>(objects: K8sObject[], kind: K, name: string) =>
  ofKind(objects, kind).find((o) => o.metadata.name === name)!;
const deployment = (objects: K8sObject[], name: string) => named(objects, 'Deployment', name);
/** The first container of a workload's pod. */
const containerOf = (workload: Rendered<'Deployment'>) => workload.spec!.template.spec!.containers[0]!;

describe('deploy/k8s', () => {
  it.each(Object.entries(KUSTOMIZATIONS))('%s renders and every object is valid', async (name, dir) => {
    const { objects, problems } = await validateKustomization(dir, { production: name === 'production' });
    expect(problems).toEqual([]);
    const count = (kind: string) => objects.filter((o) => o.kind === kind).length;
    expect([
      count('Deployment'),
      count('HorizontalPodAutoscaler'),
      count('PodDisruptionBudget'),
      count('Service'),
      count('Job'),
      count('Ingress'),
      count('NetworkPolicy'),
    ]).toEqual([8, 8, 8, 7, 1, 3, 1]);
    expect(
      objects
        .filter((o) => o.kind === 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['auth', 'billing', 'community', 'content', 'gateway', 'media', 'media-worker', 'progress']);
  });

  it('production runs released images, at least two of everything, on the public host', () => {
    for (const d of ofKind(production, 'Deployment'))
      expect(containerOf(d).image).toMatch(/^registry\.example\.com\/catalyst\/[a-z]+:1\.0\.0$/);
    for (const h of ofKind(production, 'HorizontalPodAutoscaler'))
      expect(h.spec?.minReplicas).toBeGreaterThanOrEqual(2);
    for (const i of ofKind(production, 'Ingress')) expect(i.spec?.rules?.[0]?.host).toBe('learn.example.com');
    expect(containerOf(deployment(production, 'media-worker')).command).toEqual([
      'node',
      'dist/media/worker.mjs',
    ]);
  });

  it('the schema check refuses a wrong type and a malformed quantity', async () => {
    const d = clone(deployment(production, 'auth'));
    containerOf(d).resources!.limits!.memory = 'lots';
    Object.assign(d.spec!, { revisionHistoryLimit: 'five' });
    const messages = (await schemaProblems(d)).map((p) => p.message).join('\n');
    expect(messages).toContain('/spec/revisionHistoryLimit must be integer');
    expect(messages).toContain('/resources/limits/memory must match format "quantity"');
  });

  it('the unknown-field check names each field Kubernetes does not have, by its path', () => {
    const d = clone(deployment(production, 'gateway'));
    Object.assign(containerOf(d).readinessProbe!.httpGet!, { paht: '/' });
    Object.assign(containerOf(d), { resource: {} });
    expect(unknownFieldProblems(d).map((p) => p.message)).toEqual([
      'unknown field spec.template.spec.containers[0].readinessProbe.httpGet.paht',
      'unknown field spec.template.spec.containers[0].resource',
    ]);
    expect(unknownFieldProblems(deployment(production, 'gateway'))).toEqual([]);
    // Maps (labels, annotations) take any key; a kind without a declared type is named, not passed.
    const hpa = clone(production.find((o) => o.kind === 'HorizontalPodAutoscaler')!);
    hpa.metadata.labels = { ...hpa.metadata.labels, 'any.example.com/key': 'x' };
    hpa.spec = { ...(hpa.spec as object), minReplica: 2 };
    expect(unknownFieldProblems(hpa).map((p) => p.message)).toEqual(['unknown field spec.minReplica']);
    expect(unknownFieldProblems({ ...hpa, apiVersion: 'example.com/v1', kind: 'Widget' })).toEqual([
      { object: `Widget/${hpa.metadata.name}`, message: 'no Kubernetes type for example.com/v1 Widget' },
    ]);
  });

  it('the project rules catch a missing probe, a liveness probe on /health, a missing limit, an unmigrated service, a stray autoscaler, the sandbox and streams without their Ingress settings', () => {
    const objects = clone(production);
    const auth = deployment(objects, 'auth');
    delete containerOf(auth).livenessProbe;
    containerOf(deployment(objects, 'progress')).livenessProbe!.httpGet!.path = '/health';
    delete containerOf(auth).resources!.limits!.memory;
    const jobPod = ofKind(objects, 'Job')[0]!.spec!.template.spec!;
    jobPod.initContainers = jobPod.initContainers!.filter((c) => c.name !== 'migrate-billing');
    named(objects, 'HorizontalPodAutoscaler', 'content').spec!.scaleTargetRef.name = 'contents';
    objects.push({
      ...clone(deployment(objects, 'billing')),
      metadata: { name: 'payments-sandbox', namespace: 'catalyst' },
    });
    const streams = named(objects, 'Ingress', 'catalyst-streams').spec!.rules![0]!.http!;
    streams.paths = streams.paths.filter((p) => p.path !== '/api/v1/community/threads/');
    const uploads = named(objects, 'Ingress', 'catalyst-uploads');
    uploads.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-body-size'] = '1m';
    const messages = policyProblems(objects, { production: true }).map((p) => `${p.object}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Deployment/auth: container auth: readiness and liveness probes are required',
        'Deployment/auth: container auth: no memory limits',
        'Deployment/progress: container progress: liveness must answer from memory, not /health (it checks dependencies)',
        'Job/migrate: does not run dist/billing/migrate.mjs',
        'HorizontalPodAutoscaler/content: scales contents, which is not a Deployment here',
        'Deployment/content: needs exactly one HorizontalPodAutoscaler (has 0)',
        'Deployment/payments-sandbox: the payments sandbox is for local try-outs only, never deployed',
        // A discussion's event stream left to the catch-all Ingress (buffered, 60 s timeout).
        'Ingress/catalyst: GET /api/v1/community/threads/x/events is an event stream: its Ingress needs proxy-buffering "off" and a proxy-read-timeout of at least 600 s',
        'Ingress/catalyst-uploads: PATCH /api/v1/media/uploads/x streams upload chunks: its Ingress needs proxy-request-buffering "off" and a proxy-body-size of at least 9m',
      ]),
    );
    expect(policyProblems(production, { production: true })).toEqual([]);
  });

  it('the metrics rules catch a token not from a Secret, an optional one, and a metrics port open beyond monitoring', () => {
    const objects = clone(production);
    const env = (name: string) => containerOf(deployment(objects, name)).env!;
    const gatewayEnv = env('gateway');
    gatewayEnv.splice(
      gatewayEnv.findIndex((e) => e.name === 'METRICS_TOKEN'),
      1,
      {
        name: 'METRICS_TOKEN',
        value: 'written-in-the-manifest',
      },
    );
    env('auth').find((e) => e.name === 'METRICS_TOKEN')!.valueFrom!.secretKeyRef!.optional = true;
    const policy = named(objects, 'NetworkPolicy', 'catalyst-metrics');
    policy.spec!.ingress!.push({ ports: [{ protocol: 'TCP', port: 9464 }] });
    const messages = policyProblems(objects, { production: true }).map((p) => `${p.object}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Deployment/gateway: container gateway: METRICS_TOKEN must come from a Secret',
        'Deployment/auth: container auth: METRICS_TOKEN must come from a Secret',
        'Deployment/content: NetworkPolicy catalyst-metrics lets more than the monitoring namespace reach the metrics port 9464',
      ]),
    );
    expect(
      policyProblems(
        objects.filter((o) => o.kind !== 'NetworkPolicy'),
        { production: true },
      ).map((p) => `${p.object}: ${p.message}`),
    ).toContain('Deployment/progress: no NetworkPolicy guards the metrics port 9464');
  });
});
