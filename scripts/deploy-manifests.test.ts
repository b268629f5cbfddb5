// The Kubernetes manifests (deploy/k8s) rendered with kubectl kustomize and checked offline: the API schema,
// unknown fields (both against the vendored strict schema, deploy/k8s/schema), and the project's rules; and each
// check shown to catch what it is for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  KUSTOMIZATIONS,
  ofKind,
  parseObjects,
  policyProblems,
  render,
  SECRETS_EXAMPLE,
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
  it.each(Object.entries(KUSTOMIZATIONS))('%s renders and every object is valid', (name, dir) => {
    const { objects, problems } = validateKustomization(dir, { production: name === 'production' });
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

  it('the schema check refuses a wrong type, a malformed quantity, a missing required field and a bad enum', () => {
    const d = clone(deployment(production, 'auth'));
    // A second container without its name.
    const { name: _name, ...unnamed } = clone(containerOf(d));
    d.spec!.template.spec!.containers.push(unnamed as ReturnType<typeof containerOf>);
    containerOf(d).resources!.limits!.memory = 'lots';
    Object.assign(d.spec!, { revisionHistoryLimit: 'five', replicas: 'two' });
    Object.assign(containerOf(d), { imagePullPolicy: 'Sometimes' });
    containerOf(d).ports![0]!.containerPort = 2 ** 31;
    containerOf(d).livenessProbe!.httpGet!.port = 1.5;
    expect(schemaProblems(d).map((p) => p.message)).toEqual([
      'schema: /spec/replicas must be integer',
      'schema: /spec/revisionHistoryLimit must be integer',
      'schema: /spec/template/spec/containers/0/imagePullPolicy must be one of "Always", "IfNotPresent", "Never"',
      'schema: /spec/template/spec/containers/0/livenessProbe/httpGet/port must be string or integer',
      'schema: /spec/template/spec/containers/0/ports/0/containerPort must match format "int32"',
      'schema: /spec/template/spec/containers/0/resources/limits/memory must match format "quantity"',
      "schema: /spec/template/spec/containers/1 must have required property 'name'",
    ]);
    expect(schemaProblems(deployment(production, 'auth'))).toEqual([]);
    // Quantities as Kubernetes reads them: numbers, binary and decimal suffixes, exponents.
    for (const memory of [512, '1.5Gi', '100M', '250m', '1e9', '.5Ki']) {
      containerOf(d).resources!.limits!.memory = memory;
      expect(schemaProblems(d).map((p) => p.message)).not.toContain(
        'schema: /spec/template/spec/containers/0/resources/limits/memory must match format "quantity"',
      );
    }
  });

  it('the unknown-field check names each field Kubernetes does not have, by its path', () => {
    const d = clone(deployment(production, 'gateway'));
    Object.assign(containerOf(d).readinessProbe!.httpGet!, { paht: '/' });
    Object.assign(containerOf(d), { resource: {}, imagePullPolicyy: 'Always' });
    Object.assign(d, { specs: {} });
    expect(unknownFieldProblems(d).map((p) => p.message)).toEqual([
      'unknown field specs',
      'unknown field spec.template.spec.containers[0].resource',
      'unknown field spec.template.spec.containers[0].imagePullPolicyy',
      'unknown field spec.template.spec.containers[0].readinessProbe.httpGet.paht',
    ]);
    // The same object through the whole check: each unknown field is a problem of its own.
    expect(schemaProblems(d)).toEqual([]);
    expect(unknownFieldProblems(deployment(production, 'gateway'))).toEqual([]);
    // Maps (labels, annotations) take any key; a kind without a declared type is named, not passed.
    const hpa = clone(production.find((o) => o.kind === 'HorizontalPodAutoscaler')!);
    hpa.metadata.labels = { ...hpa.metadata.labels, 'any.example.com/key': 'x' };
    hpa.spec = { ...(hpa.spec as object), minReplica: 2 };
    expect(unknownFieldProblems(hpa).map((p) => p.message)).toEqual(['unknown field spec.minReplica']);
    const widget = { ...hpa, apiVersion: 'example.com/v1', kind: 'Widget' };
    for (const check of [unknownFieldProblems, schemaProblems])
      expect(check(widget)).toEqual([
        {
          object: `Widget/${hpa.metadata.name}`,
          message:
            'no Kubernetes schema for example.com/v1 Widget (add it to KINDS in deploy/k8s/schema/generate.ts)',
        },
      ]);
    // A Secret's data is base64, as the API server decodes it.
    const secret = clone(parseObjects(readFileSync(SECRETS_EXAMPLE, 'utf8'))[0]!);
    secret.data = { key: 'not base64!' };
    expect(schemaProblems(secret).map((p) => p.message)).toEqual([
      'schema: /data/key must match format "byte"',
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
