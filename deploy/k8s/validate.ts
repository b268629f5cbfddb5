// Offline validation of the Kubernetes manifests: each kustomization rendered with `kubectl kustomize`, then every
// object checked three ways, none of which needs a cluster:
//   1. the Kubernetes API schema (schema/kubernetes-<version>.json, the JSON Schema of the Kubernetes OpenAPI
//      definitions the manifests' kinds reach, checked with ajv): types, required fields, enums, formats such as
//      quantities, each error by its path;
//   2. unknown fields (which a real API server would reject or silently drop): the same schema is strict, every
//      object with declared fields closed (maps such as labels excepted), and each field it does not declare is
//      reported by its path;
//   3. this project's rules: probes, resources, an autoscaler and a disruption budget per Deployment, Services and
//      Ingresses that reach something, every streaming route of the contracts (SSE, uploads) through an Ingress
//      set for it, the migration Job covering every service, no sandbox, released image tags, metrics ports behind
//      a token from a Secret and reachable from the monitoring namespace only.
//
//   npm run deploy:check        (or: npx tsx deploy/k8s/validate.ts [kustomization dirs...])
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { API_PREFIX, apiRoutes, gatewayRoutes, routeUrl } from '@catalyst/contracts';
import type { Container, KindTypes, PodTemplateSpec } from './kinds';
import { apiChecker, type ApiCheck } from './schema/kubernetes';

export type { KindTypes } from './kinds';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const KUSTOMIZATIONS = {
  base: path.join(HERE, 'base'),
  production: path.join(HERE, 'overlays', 'production'),
} as const;
export const SECRETS_EXAMPLE = path.join(HERE, 'secrets.example.yaml');

/** The deployables whose image carries a migrate.mjs (each must be migrated by the Job before a rollout; the gateway's is its release registry). */
export const MIGRATED_SERVICES = [
  'auth',
  'content',
  'progress',
  'billing',
  'media',
  'community',
  'gateway',
] as const;

/** One rendered object, of any kind: what every object has, the rest unread until its kind is known. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: unknown;
};

/** A rendered object of a known kind. */
export type Rendered<K extends keyof KindTypes> = K8sObject & KindTypes[K];

/** The rendered objects of one kind, typed as that kind. */
export const ofKind = <K extends keyof KindTypes>(objects: K8sObject[], kind: K): Rendered<K>[] =>
  objects.filter((o): o is Rendered<K> => o.kind === kind);

export interface Problem {
  object: string;
  message: string;
}

/** The admin's resumable uploads send 8 MiB chunks (mfe-admin's UPLOAD_CHUNK_BYTES) plus headers. */
const UPLOAD_CHUNK_LIMIT = 9 * 1024 * 1024;
const parseSize = (value: string | undefined): number => {
  const m = /^(\d+)([kmg]?)$/i.exec(value ?? '1m');
  return m
    ? Number(m[1]) *
        ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as Record<string, number>)[m[2]!.toLowerCase()]!
    : 0;
};

const idOf = (o: K8sObject) => `${o.kind}/${o.metadata?.name ?? '?'}`;

/** `kubectl kustomize <dir>`: the rendered objects (kustomize's deprecation notices on stderr are not errors). */
export function render(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    const error = e as NodeJS.ErrnoException & { stderr?: string };
    if (error.code === 'ENOENT')
      throw new Error(
        'kubectl is not installed: the manifests are rendered with `kubectl kustomize` (Debian: apt-get install kubernetes-client)',
      );
    throw new Error(`kubectl kustomize ${dir} failed: ${error.stderr || error.message}`);
  }
  return parseObjects(out);
}

export function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null);
}

/** The vendored Kubernetes API schema, compiled on first use. */
let checker: ApiCheck | undefined;
/** What the schema finds in one object (undefined: the schema has no such kind). */
function apiFindings(o: K8sObject): { schema: Problem[]; unknown: Problem[] } | undefined {
  const found = (checker ??= apiChecker())(o);
  const problems = (messages: string[]) => messages.map((message) => ({ object: idOf(o), message }));
  return (
    found && {
      schema: problems(found.schema.map((m) => `schema: ${m}`)),
      unknown: problems(found.unknown.map((p) => `unknown field ${p}`)),
    }
  );
}
/** A kind the vendored schema does not define is named, never passed. */
const noSchema = (o: K8sObject): Problem[] => [
  {
    object: idOf(o),
    message: `no Kubernetes schema for ${o.apiVersion} ${o.kind} (add it to KINDS in deploy/k8s/schema/generate.ts)`,
  },
];

/** 1. The API schema: types, required fields, enums, formats (quantities, int-or-string, int32, base64, times). */
export const schemaProblems = (o: K8sObject): Problem[] => apiFindings(o)?.schema ?? noSchema(o);

/** 2. Fields the Kubernetes API does not have, each by its path. */
export const unknownFieldProblems = (o: K8sObject): Problem[] => apiFindings(o)?.unknown ?? noSchema(o);

/** The pod a workload (a Deployment, a Job) runs; the rules below read it as present. */
const podOf = (o: { spec?: { template: PodTemplateSpec } }) => o.spec!.template.spec!;
const containersOf = (o: { spec?: { template?: PodTemplateSpec } }): Container[] => {
  const pod = o.spec?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
};
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The namespace allowed to scrape metrics ports (Prometheus runs there). */
export const MONITORING_NAMESPACE = 'monitoring';

/**
 * A metrics port binds 0.0.0.0 in its pod: its container must read METRICS_TOKEN from a Secret (not optional),
 * and the NetworkPolicies selecting the pod must let only the monitoring namespace reach that port.
 */
function metricsRules(objects: K8sObject[], secretNames?: Set<string>) {
  const policies = ofKind(objects, 'NetworkPolicy').filter((p) => p.spec!.policyTypes?.includes('Ingress'));
  return (d: Rendered<'Deployment'>, c: Container, port: number): string[] => {
    const problems: string[] = [];
    const token = c.env?.find((e) => e.name === 'METRICS_TOKEN')?.valueFrom?.secretKeyRef;
    if (!token || token.optional) problems.push(`container ${c.name}: METRICS_TOKEN must come from a Secret`);
    else if (secretNames && !secretNames.has(token.name ?? ''))
      problems.push(`container ${c.name}: Secret ${token.name} is not in secrets.example.yaml`);
    const labels = d.spec!.template.metadata?.labels;
    const selecting = policies.filter((p) => matches(p.spec!.podSelector.matchLabels, labels));
    if (selecting.length === 0) problems.push(`no NetworkPolicy guards the metrics port ${port}`);
    for (const policy of selecting)
      for (const rule of policy.spec!.ingress ?? []) {
        const reaches =
          !rule.ports?.length ||
          rule.ports.some((p) => p.port === undefined || p.port === 'metrics' || p.port === port);
        const onlyMonitoring =
          !!rule.from?.length &&
          rule.from.every(
            (peer) =>
              !peer.ipBlock &&
              !peer.podSelector &&
              peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === MONITORING_NAMESPACE,
          );
        if (reaches && !onlyMonitoring)
          problems.push(
            `NetworkPolicy ${policy.metadata.name} lets more than the ${MONITORING_NAMESPACE} namespace reach the metrics port ${port}`,
          );
      }
    return problems;
  };
}

/** 3. This project's rules over one rendered kustomization. */
export function policyProblems(
  objects: K8sObject[],
  { production = false, secretNames }: { production?: boolean; secretNames?: Set<string> } = {},
): Problem[] {
  const problems: Problem[] = [];
  const add = (o: K8sObject, message: string) => problems.push({ object: idOf(o), message });
  const byKind = <K extends keyof KindTypes>(kind: K) => ofKind(objects, kind);
  const deployments = byKind('Deployment');
  const configMaps = new Set(byKind('ConfigMap').map((c) => c.metadata.name));
  const metricsProblems = metricsRules(objects, secretNames);

  for (const o of objects) {
    if (/sandbox/i.test(JSON.stringify(o)))
      add(o, 'the payments sandbox is for local try-outs only, never deployed');
    if (o.kind !== 'Namespace' && o.metadata.namespace !== 'catalyst')
      add(o, `namespace is ${o.metadata.namespace ?? 'unset'}, not catalyst`);
  }

  for (const o of [...deployments, ...byKind('Job')]) {
    const pod = podOf(o);
    if (!pod.securityContext?.runAsNonRoot)
      add(o, 'pods must run as non-root (securityContext.runAsNonRoot)');
    for (const c of containersOf(o)) {
      const r = c.resources ?? {};
      for (const kind of ['requests', 'limits'] as const)
        for (const res of ['cpu', 'memory'])
          if (!r[kind]?.[res]) add(o, `container ${c.name}: no ${res} ${kind}`);
      if (!/^[\w./-]+(:[\w.-]+)?$/.test(c.image ?? '')) add(o, `container ${c.name}: bad image ${c.image}`);
      if (production && !/:[\w.-]+$/.test(c.image ?? ''))
        add(o, `container ${c.name}: image ${c.image} has no release tag`);
      if (/:latest$/.test(c.image ?? '')) add(o, `container ${c.name}: image ${c.image} uses :latest`);
      if (
        !Array.isArray(c.command) ||
        !/^dist\/[\w-]+\/\w+\.mjs$/.test(c.command[1] ?? '') ||
        c.command[0] !== 'node'
      )
        add(o, `container ${c.name}: must run a compiled entry point (node dist/<name>/<entry>.mjs)`);
      if (c.securityContext?.allowPrivilegeEscalation !== false)
        add(o, `container ${c.name}: allowPrivilegeEscalation must be false`);
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !configMaps.has(from.configMapRef.name ?? ''))
          add(o, `container ${c.name}: ConfigMap ${from.configMapRef.name} is not in the render`);
        if (from.secretRef && secretNames && !secretNames.has(from.secretRef.name ?? ''))
          add(o, `container ${c.name}: Secret ${from.secretRef.name} is not in secrets.example.yaml`);
      }
      const mounts = new Set((c.volumeMounts ?? []).map((m) => m.name));
      const volumes = new Set((pod.volumes ?? []).map((v) => v.name));
      for (const m of mounts)
        if (!volumes.has(m)) add(o, `container ${c.name}: mounts ${m}, which the pod does not declare`);
    }
  }

  for (const d of deployments) {
    const labels = d.spec!.template.metadata?.labels;
    if (!matches(d.spec!.selector?.matchLabels, labels))
      add(d, 'selector does not match the pod template labels');
    if (d.spec!.replicas !== undefined)
      add(d, 'spec.replicas is set: the HorizontalPodAutoscaler owns the count');
    const worker = labels?.['app.kubernetes.io/component'] === 'worker';
    for (const c of podOf(d).containers) {
      if (!worker && (!c.readinessProbe || !c.livenessProbe))
        add(d, `container ${c.name}: readiness and liveness probes are required`);
      // /health asks Postgres (and the gateway's /api/v1/health every service): restarting for that fixes nothing.
      const livenessPath = c.livenessProbe?.httpGet?.path;
      if (livenessPath !== undefined && ['/health', routeUrl(gatewayRoutes.health)].includes(livenessPath))
        add(
          d,
          `container ${c.name}: liveness must answer from memory, not ${livenessPath} (it checks dependencies)`,
        );
      const names = new Set((c.ports ?? []).map((p) => p.name));
      for (const probe of [c.readinessProbe, c.livenessProbe])
        if (probe?.httpGet && typeof probe.httpGet.port === 'string' && !names.has(probe.httpGet.port))
          add(d, `container ${c.name}: probe port ${probe.httpGet.port} is not a named port`);
    }
    const hpas = byKind('HorizontalPodAutoscaler').filter(
      (h) => h.spec!.scaleTargetRef.kind === 'Deployment' && h.spec!.scaleTargetRef.name === d.metadata.name,
    );
    if (hpas.length !== 1) add(d, `needs exactly one HorizontalPodAutoscaler (has ${hpas.length})`);
    if (!byKind('PodDisruptionBudget').some((p) => matches(p.spec!.selector?.matchLabels, labels)))
      add(d, 'no PodDisruptionBudget selects its pods');
    for (const c of podOf(d).containers) {
      const metrics = (c.ports ?? []).find((p) => p.name === 'metrics');
      if (metrics) metricsProblems(d, c, metrics.containerPort).forEach((m) => add(d, m));
    }
  }

  for (const h of byKind('HorizontalPodAutoscaler')) {
    const spec = h.spec!;
    if (!deployments.some((d) => d.metadata.name === spec.scaleTargetRef.name))
      add(h, `scales ${spec.scaleTargetRef.name}, which is not a Deployment here`);
    if ((spec.minReplicas ?? 1) > spec.maxReplicas) add(h, 'minReplicas is above maxReplicas');
    if (production && (spec.minReplicas ?? 1) < 2)
      add(h, 'production runs at least 2 replicas of everything');
  }
  for (const p of byKind('PodDisruptionBudget')) {
    if (!deployments.some((d) => matches(p.spec!.selector?.matchLabels, d.spec!.template.metadata?.labels)))
      add(p, 'selects no Deployment’s pods');
  }
  const services = byKind('Service');
  for (const s of services) {
    const target = deployments.find((d) => matches(s.spec!.selector, d.spec!.template.metadata?.labels));
    if (!target) add(s, 'selects no Deployment’s pods');
    const containerPorts = new Set(
      target ? podOf(target).containers.flatMap((c) => (c.ports ?? []).map((p) => p.name)) : [],
    );
    for (const port of s.spec!.ports ?? [])
      if (typeof port.targetPort === 'string' && target && !containerPorts.has(port.targetPort))
        add(s, `targetPort ${port.targetPort} is not a container port name`);
  }
  for (const i of byKind('Ingress')) {
    for (const rule of i.spec!.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const s = services.find((x) => x.metadata.name === p.backend.service?.name);
        if (!s) add(i, `path ${p.path}: no Service ${p.backend.service?.name}`);
        else if (
          !(s.spec!.ports ?? []).some(
            (port) =>
              port.name === p.backend.service!.port!.name || port.port === p.backend.service!.port!.number,
          )
        )
          add(i, `path ${p.path}: Service ${s.metadata.name} has no such port`);
      }
    }
    if (!(i.spec!.tls ?? []).length) add(i, 'no TLS');
  }
  // Every streaming route of the contracts (Server-Sent Events; resumable uploads) through the Ingress nginx picks
  // for it (the longest matching prefix): answers unbuffered with a long read timeout, uploads streamed.
  const ingressPaths = byKind('Ingress').flatMap((i) =>
    (i.spec!.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => ({ ingress: i, path: p.path! }))),
  );
  const servedBy = (url: string) =>
    ingressPaths
      .filter(
        ({ path: prefix }) =>
          prefix === '/' ||
          url === prefix.replace(/\/$/, '') ||
          url.startsWith(`${prefix.replace(/\/$/, '')}/`),
      )
      .sort((a, b) => b.path.length - a.path.length)[0]?.ingress;
  for (const route of apiRoutes) {
    const url = `${API_PREFIX}${route.path.replace(/:\w+/g, 'x')}`;
    const ingress = servedBy(url);
    const a = ingress?.metadata.annotations ?? {};
    if (
      route.timeout === 'stream' &&
      (a['nginx.ingress.kubernetes.io/proxy-buffering'] !== 'off' ||
        Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'] ?? 0) < 600)
    ) {
      problems.push({
        object: ingress ? idOf(ingress) : 'Ingress',
        message: `${route.method} ${url} is an event stream: its Ingress needs proxy-buffering "off" and a proxy-read-timeout of at least 600 s`,
      });
    }
    if (
      route.bodyKind === 'stream' &&
      route.method === 'PATCH' &&
      (a['nginx.ingress.kubernetes.io/proxy-request-buffering'] !== 'off' ||
        parseSize(a['nginx.ingress.kubernetes.io/proxy-body-size']) < UPLOAD_CHUNK_LIMIT)
    ) {
      problems.push({
        object: ingress ? idOf(ingress) : 'Ingress',
        message: `${route.method} ${url} streams upload chunks: its Ingress needs proxy-request-buffering "off" and a proxy-body-size of at least 9m`,
      });
    }
  }

  const jobs = byKind('Job').filter(
    (j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'migration',
  );
  if (jobs.length !== 1)
    problems.push({ object: 'Job', message: `expected one migration Job, found ${jobs.length}` });
  const migrated = new Map(jobs.flatMap(containersOf).map((c) => [c.command?.[1], c.image] as const));
  for (const name of MIGRATED_SERVICES) {
    const deployment = deployments.find((d) => d.metadata.name === name);
    const image = migrated.get(`dist/${name}/migrate.mjs`);
    if (!image) problems.push({ object: 'Job/migrate', message: `does not run dist/${name}/migrate.mjs` });
    else if (deployment && podOf(deployment).containers[0]!.image !== image)
      problems.push({
        object: 'Job/migrate',
        message: `migrates ${name} with ${image}, but the Deployment runs ${podOf(deployment).containers[0]!.image}`,
      });
  }
  return problems;
}

/** Every check over one kustomization directory; also the example Secrets' schema. */
export function validateKustomization(
  dir: string,
  { production = false } = {},
): { objects: K8sObject[]; problems: Problem[] } {
  const objects = render(dir);
  const secrets = parseObjects(readFileSync(SECRETS_EXAMPLE, 'utf8'));
  const problems = [...objects, ...secrets].flatMap((o) => {
    const found = apiFindings(o);
    return found ? [...found.schema, ...found.unknown] : noSchema(o);
  });
  problems.push(
    ...policyProblems(objects, { production, secretNames: new Set(secrets.map((s) => s.metadata.name)) }),
  );
  return { objects, problems };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs =
    process.argv.length > 2
      ? process.argv.slice(2).map((d) => path.resolve(d))
      : Object.values(KUSTOMIZATIONS);
  let failed = false;
  for (const dir of dirs) {
    const { objects, problems } = validateKustomization(dir, {
      production: dir === KUSTOMIZATIONS.production,
    });
    const kinds = Object.entries(
      objects.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.kind]: (acc[o.kind] ?? 0) + 1 }), {}),
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    const name = path.relative(process.cwd(), dir) || dir;
    if (problems.length) {
      failed = true;
      console.error(`${name}: ${problems.length} problem(s) in ${objects.length} objects`);
      for (const p of problems) console.error(`  ${p.object}: ${p.message}`);
    } else {
      console.log(
        `${name}: ${objects.length} objects valid (${kinds}): Kubernetes schema, no unknown field, project rules`,
      );
    }
  }
  process.exit(failed ? 1 : 0);
}
