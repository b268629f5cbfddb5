// The fields of the Kubernetes kinds that validate.ts's project rules read, as the Kubernetes API names them (the
// whole API is checked against schema/kubernetes-<version>.json; these types only say what the rules read).

type Labels = Record<string, string>;

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Labels;
  annotations?: Labels;
}

export interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface Probe {
  httpGet?: { path?: string; port: number | string; scheme?: string };
  periodSeconds?: number;
  failureThreshold?: number;
}

interface KeyRef {
  name?: string;
  key: string;
  optional?: boolean;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef } }[];
  envFrom?: { configMapRef?: { name?: string }; secretRef?: { name?: string }; prefix?: string }[];
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  resources?: { limits?: Record<string, number | string>; requests?: Record<string, number | string> };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
  };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: {
    containers: Container[];
    initContainers?: Container[];
    securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
    volumes?: { name: string }[];
  };
}

interface NetworkPolicyPeer {
  ipBlock?: { cidr: string; except?: string[] };
  namespaceSelector?: LabelSelector;
  podSelector?: LabelSelector;
}

/** The kinds this project's rules read. */
export interface KindTypes {
  ConfigMap: { data?: Labels };
  Deployment: { spec?: { replicas?: number; selector: LabelSelector; template: PodTemplateSpec } };
  HorizontalPodAutoscaler: {
    spec?: {
      scaleTargetRef: { apiVersion?: string; kind: string; name: string };
      minReplicas?: number;
      maxReplicas: number;
    };
  };
  Ingress: {
    spec?: {
      rules?: {
        host?: string;
        http?: {
          paths: {
            path?: string;
            pathType: string;
            backend: { service?: { name: string; port?: { name?: string; number?: number } } };
          }[];
        };
      }[];
      tls?: { hosts?: string[]; secretName?: string }[];
    };
  };
  Job: { spec?: { template: PodTemplateSpec } };
  NetworkPolicy: {
    spec?: {
      podSelector: LabelSelector;
      policyTypes?: string[];
      ingress?: { from?: NetworkPolicyPeer[]; ports?: { protocol?: string; port?: number | string }[] }[];
    };
  };
  PodDisruptionBudget: {
    spec?: { selector?: LabelSelector; minAvailable?: number | string; maxUnavailable?: number | string };
  };
  Service: {
    spec?: {
      selector?: Labels;
      ports?: { name?: string; port: number; targetPort?: number | string; protocol?: string }[];
    };
  };
}
