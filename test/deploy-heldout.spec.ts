/**
 * Held-out checks of what `kubectl apply -k k8s/` gives, written from the deployment's
 * requirements (not from test/deploy-manifests.spec.ts):
 *   1. the API and the worker survive a node drain;
 *   2. KEDA grows the worker with the depth of every queue it consumes;
 *   3. the Ingress serves over TLS, with a certificate from an Issuer of the kustomization;
 *   4. NetworkPolicies deny by default and open only the paths the app needs.
 * Each checker returns a list of problems: the real manifests must give none, and each test of
 * "can fail" below breaks the parsed manifests in memory and expects the checker to notice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = join(__dirname, '..');
const K8S = join(ROOT, 'k8s');

// ---------------------------------------------------------------------------------------------
// Loading: the kustomization's resources, in its namespace.
// ---------------------------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any -- free-form Kubernetes objects */
type Obj = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
type Labels = Record<string, string>;

interface Manifests {
  namespace: string;
  objects: Obj[];
  /** k8s/secret.example.yaml: a template the operator fills in, not part of the kustomization. */
  secretTemplates: Obj[];
  /** BullMQ queues the worker consumes, from the sources. */
  queues: string[];
}

/** Kinds without a namespace (those that can occur here). */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterIssuer',
  'ClusterTriggerAuthentication',
  'ClusterRole',
  'ClusterRoleBinding',
  'IngressClass',
  'PriorityClass',
  'StorageClass',
  'PersistentVolume',
  'CustomResourceDefinition',
]);

function parseFile(path: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  const out: Obj[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${relative(ROOT, path)}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) continue;
    out.push(value as Obj);
  }
  return out;
}

function loadManifests(): Manifests {
  const [kustomization] = parseFile(join(K8S, 'kustomization.yaml'));
  const namespace: string = kustomization.namespace;
  const objects: Obj[] = [];
  for (const resource of kustomization.resources as string[]) {
    for (const obj of parseFile(join(K8S, resource))) {
      obj.metadata ??= {};
      // kustomize's namespace transformer sets (or replaces) it on every namespaced object.
      if (!CLUSTER_SCOPED.has(obj.kind)) obj.metadata.namespace = namespace;
      objects.push(obj);
    }
  }
  return { namespace, objects, secretTemplates: parseFile(join(K8S, 'secret.example.yaml')), queues: discoverQueues() };
}

/** Every `defineConsumer('<name>', ...)` in libs/**\/src (tests aside), plus MAIL_DELIVERY_QUEUE. */
function discoverQueues(): string[] {
  const names = new Set<string>();
  const libs = join(ROOT, 'libs');
  for (const lib of readdirSync(libs, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const src = join(libs, lib.name, 'src');
    let files: string[];
    try {
      files = readdirSync(src, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const file of files) {
      if (!file.endsWith('.ts') || /\.(spec|test)\.ts$/.test(file) || file.endsWith('.d.ts')) continue;
      const text = stripComments(readFileSync(join(src, file), 'utf8'));
      for (const m of text.matchAll(/\bdefineConsumer\s*(?:<[^>()]*>)?\s*\(\s*(['"`])([^'"`\n]+)\1/g)) names.add(m[2]);
    }
  }
  const registry = readFileSync(join(ROOT, 'libs/platform/src/queues/queue.registry.ts'), 'utf8');
  const mail = /\bMAIL_DELIVERY_QUEUE\s*=\s*(['"`])([^'"`\n]+)\1/.exec(registry);
  if (!mail) throw new Error('MAIL_DELIVERY_QUEUE not found in queue.registry.ts');
  names.add(mail[2]);
  return [...names].sort();
}

/** Block comments and whole-line `//` comments (a `//` inside a string, e.g. a URL, stays). */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

// ---------------------------------------------------------------------------------------------
// Helpers: label selectors, lookups, workloads.
// ---------------------------------------------------------------------------------------------

interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** A metav1.LabelSelector against a pod's labels. An empty selector ({}) matches everything. */
function selectorMatches(selector: LabelSelector, labels: Labels): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (labels[key] !== String(value)) return false;
  }
  for (const expr of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, expr.key);
    const values = (expr.values ?? []).map(String);
    switch (expr.operator) {
      case 'In':
        if (!has || !values.includes(labels[expr.key])) return false;
        break;
      case 'NotIn':
        if (has && values.includes(labels[expr.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        throw new Error(`unknown label selector operator ${expr.operator}`);
    }
  }
  return true;
}

/** A Service's selector (a plain map): an empty or missing one selects no pod. */
function serviceSelects(selector: Labels | undefined, labels: Labels): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return selectorMatches({ matchLabels: selector }, labels);
}

const nameOf = (o: Obj): string => `${o.kind}/${o.metadata?.name}`;
const ofKind = (m: Manifests, kind: string, apiVersion?: string): Obj[] =>
  m.objects.filter((o) => o.kind === kind && (apiVersion === undefined || o.apiVersion === apiVersion));
const sameNamespace = (a: Obj, b: Obj): boolean => (a.metadata?.namespace ?? '') === (b.metadata?.namespace ?? '');

interface Workload {
  role: 'api' | 'worker' | 'migration';
  obj: Obj;
  podLabels: Labels;
  container: Obj;
}

/** The API and worker Deployments and the migration Job, told apart by the program they run. */
function workloads(m: Manifests): Workload[] {
  const out: Workload[] = [];
  for (const obj of m.objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
    const containers: Obj[] = obj.spec?.template?.spec?.containers ?? [];
    for (const container of containers) {
      const argv = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
      let role: Workload['role'] | undefined;
      if (/apps\/api\/src\/main\.js/.test(argv)) role = 'api';
      else if (/apps\/worker\/src\/main\.js/.test(argv)) role = 'worker';
      else if (/apps\/worker\/src\/migrate\.js/.test(argv)) role = 'migration';
      if (role) out.push({ role, obj, podLabels: obj.spec?.template?.metadata?.labels ?? {}, container });
    }
  }
  return out;
}

function workload(m: Manifests, role: Workload['role']): Workload {
  const found = workloads(m).filter((w) => w.role === role);
  if (found.length !== 1) throw new Error(`expected one ${role} workload, found ${found.length}`);
  return found[0];
}

/** A container port by name or number: its number, or undefined when the container has none such. */
function resolveContainerPort(container: Obj, port: string | number): number | undefined {
  const ports: Obj[] = container.ports ?? [];
  const found = ports.find((p) => (typeof port === 'number' ? p.containerPort === port : p.name === port));
  return found?.containerPort;
}

// ---------------------------------------------------------------------------------------------
// 1. A node drain.
// ---------------------------------------------------------------------------------------------

interface Autoscaler {
  obj: Obj;
  minReplicas: number;
  maxReplicas: number;
}

/** The HPAs and KEDA ScaledObjects that scale a Deployment. */
function autoscalersOf(m: Manifests, deployment: Obj): Autoscaler[] {
  const name = deployment.metadata.name;
  const out: Autoscaler[] = [];
  for (const hpa of ofKind(m, 'HorizontalPodAutoscaler')) {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    if (ref.kind === 'Deployment' && ref.name === name && sameNamespace(hpa, deployment)) {
      out.push({ obj: hpa, minReplicas: hpa.spec.minReplicas ?? 1, maxReplicas: hpa.spec.maxReplicas });
    }
  }
  for (const so of ofKind(m, 'ScaledObject')) {
    const ref = so.spec?.scaleTargetRef ?? {};
    if ((ref.kind ?? 'Deployment') === 'Deployment' && ref.name === name && sameNamespace(so, deployment)) {
      out.push({ obj: so, minReplicas: so.spec.minReplicaCount ?? 0, maxReplicas: so.spec.maxReplicaCount ?? 100 });
    }
  }
  return out;
}

/** An IntOrString of a PDB at `replicas` pods (Kubernetes rounds percentages up). */
function scaled(value: number | string, replicas: number): number {
  if (typeof value === 'number') return value;
  const pct = /^(\d+)%$/.exec(value);
  if (!pct) throw new Error(`not a count or a percentage: ${value}`);
  return Math.ceil((Number(pct[1]) * replicas) / 100);
}

function checkDrain(m: Manifests): string[] {
  const problems: string[] = [];
  const deployments = ofKind(m, 'Deployment');
  if (deployments.length === 0) problems.push('no Deployment');
  const podsOf = (d: Obj): Labels => d.spec?.template?.metadata?.labels ?? {};
  const pdbs = ofKind(m, 'PodDisruptionBudget');
  for (const pdb of pdbs) {
    if (pdb.apiVersion !== 'policy/v1') problems.push(`${nameOf(pdb)}: apiVersion ${pdb.apiVersion}, not policy/v1`);
  }

  for (const d of deployments) {
    const name = nameOf(d);
    const labels = podsOf(d);

    // Autoscaled, from at least 2, and nothing resetting the count on a re-apply.
    const scalers = autoscalersOf(m, d);
    let minReplicas: number;
    if (scalers.length === 0) {
      problems.push(`${name}: no HPA or ScaledObject scales it`);
      minReplicas = d.spec?.replicas ?? 1;
    } else {
      if (scalers.length > 1) problems.push(`${name}: scaled by ${scalers.length} autoscalers (${scalers.map((s) => nameOf(s.obj)).join(', ')})`);
      minReplicas = Math.min(...scalers.map((s) => s.minReplicas));
      for (const s of scalers) {
        if (s.minReplicas < 2) problems.push(`${name}: ${nameOf(s.obj)} keeps only ${s.minReplicas} replica(s); a drain needs at least 2`);
        if (!(s.maxReplicas >= s.minReplicas)) problems.push(`${name}: ${nameOf(s.obj)} max ${s.maxReplicas} below min ${s.minReplicas}`);
      }
      if (d.spec?.replicas !== undefined) {
        problems.push(
          `${name}: sets spec.replicas (${d.spec.replicas}) while ${scalers.map((s) => nameOf(s.obj)).join(', ')} owns the count: a re-apply resets it`,
        );
      }
    }

    // Exactly one policy/v1 budget on its pods, covering no other Deployment's.
    const budgets = pdbs.filter((p) => sameNamespace(p, d) && p.spec?.selector && selectorMatches(p.spec.selector, labels));
    if (budgets.length === 0) problems.push(`${name}: no PodDisruptionBudget selects its pods`);
    if (budgets.length > 1) problems.push(`${name}: ${budgets.length} PodDisruptionBudgets select its pods (eviction refuses pods with more than one)`);
    for (const pdb of budgets) {
      for (const other of deployments.filter((o) => o !== d && sameNamespace(o, pdb))) {
        if (selectorMatches(pdb.spec.selector, podsOf(other))) problems.push(`${nameOf(pdb)}: also selects the pods of ${nameOf(other)}`);
      }
      const { minAvailable, maxUnavailable } = pdb.spec;
      if ((minAvailable === undefined) === (maxUnavailable === undefined)) {
        problems.push(`${nameOf(pdb)}: needs exactly one of minAvailable and maxUnavailable`);
        continue;
      }
      // At the autoscaler's minimum (the smallest count a drain can meet) and at its maximum.
      const counts = [minReplicas, ...scalers.map((s) => s.maxReplicas).filter((n) => Number.isFinite(n))];
      for (const replicas of counts) {
        const keep = minAvailable !== undefined ? scaled(minAvailable, replicas) : replicas - scaled(maxUnavailable, replicas);
        const evictable = replicas - keep;
        if (evictable < 1) problems.push(`${nameOf(pdb)}: at ${replicas} replicas it allows no eviction (keeps ${keep}): a drain blocks`);
        if (keep < 1) problems.push(`${nameOf(pdb)}: at ${replicas} replicas it lets every pod go at once`);
      }
    }

    // Spread over nodes, counting its own pods.
    const spreads: Obj[] = d.spec?.template?.spec?.topologySpreadConstraints ?? [];
    const onHosts = spreads.filter((c) => c.topologyKey === 'kubernetes.io/hostname');
    if (onHosts.length === 0) problems.push(`${name}: no topologySpreadConstraint on kubernetes.io/hostname`);
    for (const c of onHosts) {
      if (!c.labelSelector || !selectorMatches(c.labelSelector, labels)) {
        problems.push(`${name}: its kubernetes.io/hostname spread's labelSelector does not match its own pods`);
        continue;
      }
      for (const other of deployments.filter((o) => o !== d)) {
        if (selectorMatches(c.labelSelector, podsOf(other))) problems.push(`${name}: its hostname spread also counts the pods of ${nameOf(other)}`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 2. The worker scaled on its queues.
// ---------------------------------------------------------------------------------------------

/** KEDA scalers that read the length of a Redis list (a BullMQ queue's waiting jobs). */
const QUEUE_DEPTH_TRIGGERS = new Set(['redis', 'redis-cluster', 'redis-sentinel']);

function redisPrefix(m: Manifests): string | undefined {
  const cm = ofKind(m, 'ConfigMap').find((c) => c.data && 'REDIS_PREFIX' in c.data);
  return cm?.data.REDIS_PREFIX;
}

function checkWorkerScaling(m: Manifests): string[] {
  const problems: string[] = [];
  const worker = workload(m, 'worker');
  const workerName = worker.obj.metadata.name;

  const prefix = redisPrefix(m);
  if (!prefix) problems.push('no ConfigMap sets REDIS_PREFIX');
  const envOverride = (worker.container.env ?? []).find((e: Obj) => e.name === 'REDIS_PREFIX');
  if (envOverride) problems.push(`${nameOf(worker.obj)}: overrides REDIS_PREFIX (${envOverride.value}); the triggers read the ConfigMap's`);
  const cmName = ofKind(m, 'ConfigMap').find((c) => c.data && 'REDIS_PREFIX' in c.data)?.metadata.name;
  const fromCm = (worker.container.envFrom ?? []).some((e: Obj) => e.configMapRef?.name === cmName);
  if (cmName && !fromCm) problems.push(`${nameOf(worker.obj)}: does not read the ConfigMap ${cmName} that sets REDIS_PREFIX`);

  const scaledObjects = ofKind(m, 'ScaledObject').filter(
    (so) => so.spec?.scaleTargetRef?.name === workerName && (so.spec.scaleTargetRef.kind ?? 'Deployment') === 'Deployment' && sameNamespace(so, worker.obj),
  );
  if (scaledObjects.length !== 1) {
    problems.push(`expected one ScaledObject targeting the worker Deployment ${workerName}, found ${scaledObjects.length}`);
    return problems;
  }
  const so = scaledObjects[0];
  if (so.apiVersion !== 'keda.sh/v1alpha1') problems.push(`${nameOf(so)}: apiVersion ${so.apiVersion}, not keda.sh/v1alpha1`);
  const min = so.spec.minReplicaCount ?? 0;
  const max = so.spec.maxReplicaCount ?? 100;
  if (!(min < max)) problems.push(`${nameOf(so)}: minReplicaCount ${min} is not below maxReplicaCount ${max}`);

  const triggers: Obj[] = so.spec.triggers ?? [];
  if (triggers.length === 0) problems.push(`${nameOf(so)}: no triggers`);
  const listNames: string[] = [];
  for (const [i, t] of triggers.entries()) {
    const label = `${nameOf(so)} trigger ${i} (${t.type})`;
    if (!QUEUE_DEPTH_TRIGGERS.has(t.type)) {
      problems.push(`${label}: not a scaler that reads a queue's depth`);
      continue;
    }
    const listName = t.metadata?.listName;
    if (typeof listName !== 'string' || listName === '') problems.push(`${label}: no listName`);
    else listNames.push(listName);
    const listLength = Number(t.metadata?.listLength ?? 5);
    if (!Number.isInteger(listLength) || listLength < 1) problems.push(`${label}: listLength ${t.metadata?.listLength} is not a positive integer`);

    // Where it reads from: the trigger's own metadata or its TriggerAuthentication.
    let authParams: string[] = [];
    if (t.authenticationRef) {
      const kind = t.authenticationRef.kind ?? 'TriggerAuthentication';
      const auth = ofKind(m, kind).find(
        (a) => a.metadata.name === t.authenticationRef.name && (kind === 'ClusterTriggerAuthentication' || sameNamespace(a, so)),
      );
      if (!auth) problems.push(`${label}: authenticationRef ${kind}/${t.authenticationRef.name} is not in the manifests`);
      else authParams = (auth.spec?.secretTargetRef ?? []).map((r: Obj) => r.parameter);
    }
    const md = t.metadata ?? {};
    const hasAddress =
      ['address', 'addressFromEnv', 'host', 'hostFromEnv', 'addresses', 'hosts'].some((k) => k in md) ||
      authParams.some((p) => ['address', 'host', 'addresses', 'hosts'].includes(p));
    if (!hasAddress) problems.push(`${label}: no Redis address (neither in its metadata nor from its TriggerAuthentication)`);
  }

  // Every Secret key a TriggerAuthentication reads exists in the Secret template.
  for (const auth of [...ofKind(m, 'TriggerAuthentication'), ...ofKind(m, 'ClusterTriggerAuthentication')]) {
    for (const ref of (auth.spec?.secretTargetRef ?? []) as Obj[]) {
      const secret = m.secretTemplates.find((s) => s.kind === 'Secret' && s.metadata?.name === ref.name);
      if (!secret) {
        problems.push(`${nameOf(auth)}: Secret ${ref.name} is not in secret.example.yaml`);
        continue;
      }
      if (secret.metadata.namespace !== undefined && auth.kind === 'TriggerAuthentication' && secret.metadata.namespace !== auth.metadata.namespace) {
        problems.push(`${nameOf(auth)}: Secret ${ref.name} is created in ${secret.metadata.namespace}, not in ${auth.metadata.namespace}`);
      }
      const keys = new Set([...Object.keys(secret.data ?? {}), ...Object.keys(secret.stringData ?? {})]);
      if (!keys.has(ref.key)) problems.push(`${nameOf(auth)}: key ${ref.key} is not in the Secret template ${ref.name}`);
    }
  }

  // One trigger per queue, on exactly its waiting list; no trigger on anything else.
  if (m.queues.length === 0) problems.push('no queue found in the sources');
  if (prefix) {
    const expected = new Map(m.queues.map((q) => [`${prefix}:${q}:wait`, q]));
    for (const [list, queue] of expected) {
      if (!listNames.includes(list)) problems.push(`queue ${queue}: no trigger on ${list}`);
    }
    for (const list of listNames) {
      if (!expected.has(list)) problems.push(`a trigger reads ${list}, the waiting list of no queue the worker consumes`);
    }
    const seen = new Set<string>();
    for (const list of listNames) {
      if (seen.has(list)) problems.push(`two triggers read ${list}`);
      seen.add(list);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 3. TLS.
// ---------------------------------------------------------------------------------------------

function hostCovered(host: string, tlsHost: string): boolean {
  if (tlsHost === host) return true;
  // A wildcard certificate covers exactly one label.
  return tlsHost.startsWith('*.') && host.split('.').slice(1).join('.') === tlsHost.slice(2) && host.split('.').length === tlsHost.split('.').length;
}

function checkTls(m: Manifests): string[] {
  const problems: string[] = [];
  const ingresses = ofKind(m, 'Ingress');
  if (ingresses.length === 0) problems.push('no Ingress');
  const api = workload(m, 'api');

  for (const ing of ingresses) {
    const name = nameOf(ing);
    const tls: Obj[] = ing.spec?.tls ?? [];
    if (tls.length === 0) problems.push(`${name}: no tls block`);
    const rules: Obj[] = ing.spec?.rules ?? [];
    if (rules.length === 0) problems.push(`${name}: no rules`);
    for (const rule of rules) {
      if (!rule.host) {
        problems.push(`${name}: a rule without a host (no certificate can cover it)`);
        continue;
      }
      const entries = tls.filter((t) => (t.hosts ?? []).some((h: string) => hostCovered(rule.host, h)));
      if (entries.length === 0) problems.push(`${name}: host ${rule.host} is not in any tls entry`);
      for (const t of entries) if (!t.secretName) problems.push(`${name}: the tls entry of ${rule.host} has no secretName`);
    }

    // The issuer cert-manager uses for it.
    const annotations: Record<string, string> = ing.metadata?.annotations ?? {};
    const issuerName = annotations['cert-manager.io/issuer'];
    const clusterIssuerName = annotations['cert-manager.io/cluster-issuer'];
    if (issuerName && clusterIssuerName) problems.push(`${name}: both cert-manager.io/issuer and cert-manager.io/cluster-issuer`);
    if (!issuerName && !clusterIssuerName) problems.push(`${name}: no cert-manager.io/issuer or cert-manager.io/cluster-issuer annotation`);
    const issuerKind = annotations['cert-manager.io/issuer-kind'];
    if (issuerKind && issuerKind !== 'Issuer' && issuerKind !== 'ClusterIssuer') problems.push(`${name}: issuer-kind ${issuerKind} is not cert-manager's`);
    let issuer: Obj | undefined;
    if (issuerName) {
      issuer = ofKind(m, 'Issuer', 'cert-manager.io/v1').find((i) => i.metadata.name === issuerName && sameNamespace(i, ing));
      if (!issuer) problems.push(`${name}: Issuer ${issuerName} is not in the kustomization (in ${ing.metadata.namespace})`);
    } else if (clusterIssuerName) {
      issuer = ofKind(m, 'ClusterIssuer', 'cert-manager.io/v1').find((i) => i.metadata.name === clusterIssuerName);
      if (!issuer) problems.push(`${name}: ClusterIssuer ${clusterIssuerName} is not in the manifests`);
    }
    if (issuer?.spec?.acme) {
      const acme = issuer.spec.acme;
      if (!acme.server) problems.push(`${nameOf(issuer)}: no ACME server`);
      if (!acme.privateKeySecretRef?.name) problems.push(`${nameOf(issuer)}: no privateKeySecretRef`);
      const solvers: Obj[] = acme.solvers ?? [];
      if (solvers.length === 0) problems.push(`${nameOf(issuer)}: no solvers`);
      for (const s of solvers) {
        const cls = s.http01?.ingress?.ingressClassName ?? s.http01?.ingress?.class;
        if (cls !== undefined && ing.spec?.ingressClassName !== undefined && cls !== ing.spec.ingressClassName) {
          problems.push(`${nameOf(issuer)}: its HTTP-01 solver uses ingress class ${cls}, the Ingress ${ing.spec.ingressClassName}`);
        }
      }
    }

    // The backends: the API's Service, on a port the API container declares.
    const backends: Obj[] = [
      ...(ing.spec?.defaultBackend ? [ing.spec.defaultBackend] : []),
      ...rules.flatMap((r) => (r.http?.paths ?? []).map((p: Obj) => p.backend)),
    ];
    if (backends.length === 0) problems.push(`${name}: no backend`);
    for (const backend of backends) {
      const ref = backend?.service;
      if (!ref) {
        problems.push(`${name}: a backend that is not a Service`);
        continue;
      }
      const svc = ofKind(m, 'Service').find((s) => s.metadata.name === ref.name && sameNamespace(s, ing));
      if (!svc) {
        problems.push(`${name}: backend Service ${ref.name} is not in the manifests`);
        continue;
      }
      if (!serviceSelects(svc.spec?.selector, api.podLabels)) problems.push(`${nameOf(svc)}: its selector does not match the API pods`);
      for (const other of workloads(m).filter((w) => w.role !== 'api')) {
        if (serviceSelects(svc.spec?.selector, other.podLabels)) problems.push(`${nameOf(svc)}: its selector also matches the ${other.role} pods`);
      }
      const svcPort = (svc.spec?.ports ?? []).find((p: Obj) => (ref.port?.name !== undefined ? p.name === ref.port.name : p.port === ref.port?.number));
      if (!svcPort) {
        problems.push(`${name}: backend port ${JSON.stringify(ref.port)} is not a port of ${nameOf(svc)}`);
        continue;
      }
      const target = svcPort.targetPort ?? svcPort.port;
      if (resolveContainerPort(api.container, target) === undefined) {
        problems.push(`${nameOf(svc)}: targetPort ${target} is not a port the API container declares`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 4. NetworkPolicies.
// ---------------------------------------------------------------------------------------------

/** Pods that may run in the namespace besides the app's: they must get none of its paths. */
function strangerPods(m: Manifests): { name: string; labels: Labels }[] {
  const out: { name: string; labels: Labels }[] = [
    { name: 'an unlabeled pod', labels: {} },
    { name: "cert-manager's HTTP-01 solver", labels: { 'acme.cert-manager.io/http01-solver': 'true' } },
    { name: 'a debug pod', labels: { run: 'debug' } },
  ];
  // Each workload's labels with one label dropped, or with one value changed: another pod of the
  // same app, but not this workload.
  for (const w of workloads(m)) {
    for (const key of Object.keys(w.podLabels)) {
      const { [key]: _dropped, ...rest } = w.podLabels;
      out.push({ name: `${w.role} pod labels without ${key}`, labels: rest });
      out.push({ name: `${w.role} pod labels with ${key}=other`, labels: { ...w.podLabels, [key]: 'other' } });
    }
  }
  const own = workloads(m).map((w) => JSON.stringify(Object.entries(w.podLabels).sort()));
  return out.filter((p) => !own.includes(JSON.stringify(Object.entries(p.labels).sort())));
}

function policyTypes(np: Obj): string[] {
  if (np.spec?.policyTypes) return np.spec.policyTypes;
  return ['Ingress', ...(np.spec?.egress ? ['Egress'] : [])];
}

function policiesFor(m: Manifests, labels: Labels, direction: 'Ingress' | 'Egress'): Obj[] {
  return ofKind(m, 'NetworkPolicy').filter(
    (np) => np.metadata.namespace === m.namespace && policyTypes(np).includes(direction) && selectorMatches(np.spec?.podSelector ?? {}, labels),
  );
}

interface PortUse {
  protocol: 'TCP' | 'UDP';
  port: number;
  /** The container port's name on the receiving side, if it has one. */
  name?: string;
}

/** Whether a rule's `ports` lets `use` through; a named port counts when the name is the target's. */
function portAllowed(ports: Obj[] | undefined, use: PortUse, namedPortsMayMatch = false): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== use.protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'string') return namedPortsMayMatch || p.port === use.name;
    const end = p.endPort ?? p.port;
    return use.port >= p.port && use.port <= end;
  });
}

function egressRules(m: Manifests, labels: Labels): Obj[] {
  return policiesFor(m, labels, 'Egress').flatMap((np) => np.spec?.egress ?? []);
}

/** Can a pod with these labels open `use` (to any destination)? `strict`: named ports may match too. */
function egressAllowsPort(m: Manifests, labels: Labels, use: PortUse, strict = false): boolean {
  if (policiesFor(m, labels, 'Egress').length === 0) return true; // not isolated
  return egressRules(m, labels).some((rule) => portAllowed(rule.ports, use, strict));
}

const NAMESPACES: Labels[] = ['ingress-nginx', 'kube-system', 'monitoring', 'default', 'other', 'swishly', 'cert-manager', 'keda'].map((n) => ({
  'kubernetes.io/metadata.name': n,
}));

function checkNetworkPolicies(m: Manifests): string[] {
  const problems: string[] = [];
  const policies = ofKind(m, 'NetworkPolicy');
  for (const np of policies) if (np.apiVersion !== 'networking.k8s.io/v1') problems.push(`${nameOf(np)}: apiVersion ${np.apiVersion}`);

  // Default deny, both ways, for every pod of the namespace.
  const selectsAll = (np: Obj): boolean =>
    Object.keys(np.spec?.podSelector?.matchLabels ?? {}).length === 0 && (np.spec?.podSelector?.matchExpressions ?? []).length === 0;
  const denyIn = policies.some((np) => selectsAll(np) && policyTypes(np).includes('Ingress') && (np.spec?.ingress ?? []).length === 0);
  const denyOut = policies.some((np) => selectsAll(np) && policyTypes(np).includes('Egress') && (np.spec?.egress ?? []).length === 0);
  if (!denyIn) problems.push('no default deny of ingress (a policy on every pod with no ingress rule)');
  if (!denyOut) problems.push('no default deny of egress (a policy on every pod with no egress rule)');

  const api = workload(m, 'api');
  const worker = workload(m, 'worker');
  const migration = workload(m, 'migration');
  const app = [api, worker, migration];

  // The API: from the ingress controller's namespace only, and from it at least on its port.
  const controllerNs = 'ingress-nginx';
  const apiPort = (api.container.ports ?? [])[0] as Obj | undefined;
  let reachable = false;
  for (const np of policiesFor(m, api.podLabels, 'Ingress')) {
    for (const rule of (np.spec?.ingress ?? []) as Obj[]) {
      const from: Obj[] = rule.from ?? [];
      if (from.length === 0) {
        problems.push(`${nameOf(np)}: lets any source reach the API`);
        continue;
      }
      for (const peer of from) {
        if (peer.ipBlock) problems.push(`${nameOf(np)}: lets an ipBlock (${peer.ipBlock.cidr}) reach the API`);
        else if (!peer.namespaceSelector) problems.push(`${nameOf(np)}: lets pods of the API's own namespace reach it`);
        else {
          for (const ns of NAMESPACES) {
            const name = ns['kubernetes.io/metadata.name'];
            if (name !== controllerNs && selectorMatches(peer.namespaceSelector, ns)) problems.push(`${nameOf(np)}: lets namespace ${name} reach the API`);
          }
          const fromController = selectorMatches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': controllerNs });
          if (fromController && apiPort && portAllowed(rule.ports, { protocol: 'TCP', port: apiPort.containerPort, name: apiPort.name })) reachable = true;
        }
      }
    }
  }
  if (!reachable) problems.push(`the ingress controller (namespace ${controllerNs}) cannot reach the API's port`);

  // The worker: its health/metrics port only (the one its probes use).
  const probePort = worker.container.livenessProbe?.httpGet?.port ?? worker.container.readinessProbe?.httpGet?.port;
  const healthNumber = probePort === undefined ? undefined : resolveContainerPort(worker.container, probePort);
  const healthName = (worker.container.ports ?? []).find((p: Obj) => p.containerPort === healthNumber)?.name;
  if (healthNumber === undefined) problems.push(`${nameOf(worker.obj)}: no declared health port`);
  for (const np of policiesFor(m, worker.podLabels, 'Ingress')) {
    for (const rule of (np.spec?.ingress ?? []) as Obj[]) {
      const ports: Obj[] = rule.ports ?? [];
      if (ports.length === 0) problems.push(`${nameOf(np)}: opens every port of the worker`);
      for (const p of ports) {
        const ok =
          (p.protocol ?? 'TCP') === 'TCP' && p.endPort === undefined && (p.port === healthNumber || (healthName !== undefined && p.port === healthName));
        if (!ok)
          problems.push(`${nameOf(np)}: opens port ${p.port}${p.endPort ? `-${p.endPort}` : ''}/${p.protocol ?? 'TCP'} of the worker, not its health port`);
      }
    }
  }

  // Postgres and Redis: the app's three workloads, and no other pod.
  for (const [service, port] of [
    ['Postgres', 5432],
    ['Redis', 6379],
  ] as const) {
    for (const w of app) {
      if (!egressAllowsPort(m, w.podLabels, { protocol: 'TCP', port })) problems.push(`the ${w.role} pods cannot reach ${service} (${port})`);
    }
    for (const stranger of strangerPods(m)) {
      if (egressAllowsPort(m, stranger.labels, { protocol: 'TCP', port }, true)) problems.push(`${stranger.name} can reach ${service} (${port})`);
    }
  }

  // DNS for every workload.
  for (const w of app) {
    for (const protocol of ['UDP', 'TCP'] as const) {
      if (!egressAllowsPort(m, w.podLabels, { protocol, port: 53 })) problems.push(`the ${w.role} pods get no DNS (${protocol} 53)`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The tests.
// ---------------------------------------------------------------------------------------------

const real = loadManifests();
const copy = (): Manifests => structuredClone(real);
const find = (m: Manifests, kind: string, name: string): Obj => {
  const o = m.objects.find((x) => x.kind === kind && x.metadata?.name === name);
  if (!o) throw new Error(`${kind}/${name} not in the manifests`);
  return o;
};
const remove = (m: Manifests, predicate: (o: Obj) => boolean): void => {
  const before = m.objects.length;
  m.objects = m.objects.filter((o) => !predicate(o));
  if (m.objects.length === before) throw new Error('the mutation removed nothing');
};
const workerScaledObject = (m: Manifests): Obj => {
  const name = workload(m, 'worker').obj.metadata.name;
  const so = ofKind(m, 'ScaledObject').find((s) => s.spec?.scaleTargetRef?.name === name);
  if (!so) throw new Error('no worker ScaledObject to mutate');
  return so;
};
const pdbOf = (m: Manifests, role: Workload['role']): Obj => {
  const labels = workload(m, role).podLabels;
  const pdb = ofKind(m, 'PodDisruptionBudget').find((p) => selectorMatches(p.spec.selector, labels));
  if (!pdb) throw new Error(`no ${role} PDB to mutate`);
  return pdb;
};

describe('the label selector matcher', () => {
  const labels = { app: 'swishly', component: 'api' };
  it.each([
    [{}, true],
    [{ matchLabels: { app: 'swishly' } }, true],
    [{ matchLabels: { app: 'other' } }, false],
    [{ matchExpressions: [{ key: 'component', operator: 'In', values: ['api', 'worker'] }] }, true],
    [{ matchExpressions: [{ key: 'component', operator: 'In', values: ['worker'] }] }, false],
    [{ matchExpressions: [{ key: 'component', operator: 'NotIn', values: ['worker'] }] }, true],
    [{ matchExpressions: [{ key: 'component', operator: 'NotIn', values: ['api'] }] }, false],
    [{ matchExpressions: [{ key: 'missing', operator: 'NotIn', values: ['api'] }] }, true],
    [{ matchExpressions: [{ key: 'component', operator: 'Exists' }] }, true],
    [{ matchExpressions: [{ key: 'missing', operator: 'Exists' }] }, false],
    [{ matchExpressions: [{ key: 'missing', operator: 'DoesNotExist' }] }, true],
    [{ matchLabels: { app: 'swishly' }, matchExpressions: [{ key: 'component', operator: 'In', values: ['worker'] }] }, false],
  ])('%j -> %s', (selector, expected) => {
    expect(selectorMatches(selector as LabelSelector, labels)).toBe(expected);
  });
});

describe('what the checks read', () => {
  it('finds the API, the worker and the migration Job, and the queues in the sources', () => {
    expect(
      workloads(real)
        .map((w) => w.role)
        .sort(),
    ).toEqual(['api', 'migration', 'worker']);
    expect(real.namespace).toBeTruthy();
    // A regex that found nothing would make check 2 vacuous.
    expect(real.queues.length).toBeGreaterThan(5);
    expect(real.queues).toContain('mail.deliver');
    expect(real.queues).toContain('waitlist.send-welcome-email');
    expect(redisPrefix(real)).toBeTruthy();
  });
});

describe('1. a node drain', () => {
  it('the real manifests survive one', () => {
    expect(checkDrain(real)).toEqual([]);
  });

  it.each<[string, (m: Manifests) => void, RegExp]>([
    ['the worker PDB deleted', (m) => remove(m, (o) => o === pdbOf(m, 'worker')), /swishly-worker: no PodDisruptionBudget/],
    [
      'the API PDB selecting the worker pods',
      (m) => (pdbOf(m, 'api').spec.selector = { matchLabels: { ...workload(m, 'worker').podLabels } }),
      /swishly-api: no PodDisruptionBudget/,
    ],
    ['a PDB selecting every pod', (m) => (pdbOf(m, 'worker').spec.selector = {}), /also selects the pods of/],
    [
      'a PDB on a label the pods do not have',
      (m) => (pdbOf(m, 'worker').spec.selector.matchLabels = { 'app.kubernetes.io/component': 'workers' }),
      /swishly-worker: no PodDisruptionBudget/,
    ],
    [
      'a PDB allowing no eviction (minAvailable = minimum replicas)',
      (m) => {
        const pdb = pdbOf(m, 'api');
        delete pdb.spec.maxUnavailable;
        pdb.spec.minAvailable = 2;
      },
      /allows no eviction/,
    ],
    ['a PDB allowing no eviction (maxUnavailable 0)', (m) => (pdbOf(m, 'worker').spec.maxUnavailable = 0), /allows no eviction/],
    ['a PDB letting every pod go (maxUnavailable 100%)', (m) => (pdbOf(m, 'worker').spec.maxUnavailable = '100%'), /lets every pod go/],
    ['a PDB on policy/v1beta1', (m) => (pdbOf(m, 'api').apiVersion = 'policy/v1beta1'), /not policy\/v1/],
    ['the HPA minimum at 1', (m) => (ofKind(m, 'HorizontalPodAutoscaler')[0].spec.minReplicas = 1), /keeps only 1 replica/],
    ['the HPA minimum unset (defaults to 1)', (m) => delete ofKind(m, 'HorizontalPodAutoscaler')[0].spec.minReplicas, /keeps only 1 replica/],
    ['the ScaledObject minimum at 1', (m) => (workerScaledObject(m).spec.minReplicaCount = 1), /ScaledObject\/.* keeps only 1 replica/],
    ['the HPA removed', (m) => remove(m, (o) => o.kind === 'HorizontalPodAutoscaler'), /swishly-api: no HPA or ScaledObject/],
    ['spec.replicas on the autoscaled worker', (m) => (workload(m, 'worker').obj.spec.replicas = 2), /swishly-worker: sets spec.replicas/],
    ['spec.replicas on the autoscaled API', (m) => (workload(m, 'api').obj.spec.replicas = 3), /swishly-api: sets spec.replicas/],
    [
      'no hostname spread on the API',
      (m) => {
        const spec = workload(m, 'api').obj.spec.template.spec;
        spec.topologySpreadConstraints = spec.topologySpreadConstraints.filter((c: Obj) => c.topologyKey !== 'kubernetes.io/hostname');
      },
      /swishly-api: no topologySpreadConstraint/,
    ],
    [
      "the worker's hostname spread counting the API's pods",
      (m) => {
        const c = workload(m, 'worker').obj.spec.template.spec.topologySpreadConstraints.find((x: Obj) => x.topologyKey === 'kubernetes.io/hostname');
        c.labelSelector = { matchLabels: { ...workload(m, 'api').podLabels } };
      },
      /swishly-worker: its kubernetes.io\/hostname spread/,
    ],
    [
      "the worker's hostname spread counting every pod of the app",
      (m) => {
        const c = workload(m, 'worker').obj.spec.template.spec.topologySpreadConstraints.find((x: Obj) => x.topologyKey === 'kubernetes.io/hostname');
        c.labelSelector = { matchLabels: { 'app.kubernetes.io/name': 'swishly' } };
      },
      /swishly-worker: its hostname spread also counts the pods of Deployment\/swishly-api/,
    ],
  ])('fails with %s', (_name, mutate, expected) => {
    const m = copy();
    mutate(m);
    const problems = checkDrain(m);
    expect(problems).not.toEqual([]);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});

describe('2. the worker grows with its queues', () => {
  it('the real manifests scale it on every queue', () => {
    expect(checkWorkerScaling(real)).toEqual([]);
  });

  it.each<[string, (m: Manifests) => void, RegExp]>([
    [
      'the ScaledObject targeting another Deployment',
      (m) => (workerScaledObject(m).spec.scaleTargetRef.name = workload(m, 'api').obj.metadata.name),
      /targeting the worker Deployment .*found 0/,
    ],
    ['the ScaledObject removed', (m) => remove(m, (o) => o.kind === 'ScaledObject'), /found 0/],
    [
      'the mail.deliver trigger dropped',
      (m) => {
        const so = workerScaledObject(m);
        so.spec.triggers = so.spec.triggers.filter((t: Obj) => !String(t.metadata?.listName).includes(':mail.deliver:'));
      },
      /^queue mail.deliver: no trigger on swishly:mail.deliver:wait$/,
    ],
    ['the last trigger dropped', (m) => workerScaledObject(m).spec.triggers.pop(), /^queue \S+: no trigger/],
    [
      'a trigger on the active list instead of the waiting one',
      (m) => {
        const t = workerScaledObject(m).spec.triggers[0];
        t.metadata.listName = t.metadata.listName.replace(/:wait$/, ':active');
      },
      /:active, the waiting list of no queue/,
    ],
    [
      'a trigger without the prefix',
      (m) => {
        const t = workerScaledObject(m).spec.triggers[0];
        t.metadata.listName = t.metadata.listName.replace(/^[^:]+:/, '');
      },
      /no trigger on swishly:/,
    ],
    [
      'a redis-streams trigger',
      (m) => (workerScaledObject(m).spec.triggers[0].type = 'redis-streams'),
      /\(redis-streams\): not a scaler that reads a queue's depth/,
    ],
    [
      'a CPU trigger',
      (m) => workerScaledObject(m).spec.triggers.push({ type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } }),
      /\(cpu\): not a scaler that reads a queue's depth/,
    ],
    ['another REDIS_PREFIX in the ConfigMap', (m) => (ofKind(m, 'ConfigMap')[0].data.REDIS_PREFIX = 'swishly-prod'), /no trigger on swishly-prod:/],
    ['a new consumer in the sources', (m) => m.queues.push('waitlist.new-consumer'), /^queue waitlist.new-consumer: no trigger/],
    [
      'an authenticationRef to a missing TriggerAuthentication',
      (m) => (workerScaledObject(m).spec.triggers[0].authenticationRef.name = 'nope'),
      /TriggerAuthentication\/nope is not in the manifests/,
    ],
    ['the TriggerAuthentication removed', (m) => remove(m, (o) => o.kind === 'TriggerAuthentication'), /authenticationRef .* is not in the manifests/],
    [
      'a TriggerAuthentication key missing from the Secret template',
      (m) => (ofKind(m, 'TriggerAuthentication')[0].spec.secretTargetRef[0].key = 'host'),
      /key host is not in the Secret template/,
    ],
    [
      'the scaler Secret missing from the template',
      (m) => {
        const ref = ofKind(m, 'TriggerAuthentication')[0].spec.secretTargetRef[0].name;
        m.secretTemplates = m.secretTemplates.filter((s) => s.metadata?.name !== ref);
      },
      /is not in secret.example.yaml/,
    ],
    [
      'minReplicaCount = maxReplicaCount',
      (m) => {
        const so = workerScaledObject(m);
        so.spec.maxReplicaCount = so.spec.minReplicaCount;
      },
      /minReplicaCount 2 is not below maxReplicaCount 2/,
    ],
    ['the worker overriding REDIS_PREFIX', (m) => workload(m, 'worker').container.env.push({ name: 'REDIS_PREFIX', value: 'other' }), /overrides REDIS_PREFIX/],
  ])('fails with %s', (_name, mutate, expected) => {
    const m = copy();
    mutate(m);
    const problems = checkWorkerScaling(m);
    expect(problems).not.toEqual([]);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});

describe('3. TLS', () => {
  it('the real Ingress serves every host over TLS, from an Issuer of the kustomization, to the API', () => {
    expect(checkTls(real)).toEqual([]);
  });

  const ingress = (m: Manifests): Obj => ofKind(m, 'Ingress')[0];
  it.each<[string, (m: Manifests) => void, RegExp]>([
    ['the tls block removed', (m) => delete ingress(m).spec.tls, /host swishly.example.com is not in any tls entry/],
    [
      'a second host without TLS',
      (m) => ingress(m).spec.rules.push({ ...structuredClone(ingress(m).spec.rules[0]), host: 'www.swishly.example.com' }),
      /host www.swishly.example.com is not in any tls entry/,
    ],
    ['the tls entry for another host', (m) => (ingress(m).spec.tls[0].hosts = ['other.example.com']), /host swishly.example.com is not in any tls entry/],
    ['no secretName', (m) => delete ingress(m).spec.tls[0].secretName, /has no secretName/],
    [
      'no cert-manager annotation',
      (m) => {
        const a = ingress(m).metadata.annotations;
        delete a['cert-manager.io/issuer'];
        delete a['cert-manager.io/cluster-issuer'];
      },
      /no cert-manager.io\/issuer/,
    ],
    [
      'an annotation naming a missing Issuer',
      (m) => (ingress(m).metadata.annotations['cert-manager.io/issuer'] = 'letsencrypt-staging'),
      /Issuer letsencrypt-staging is not in the kustomization/,
    ],
    ['the Issuer removed from the kustomization', (m) => remove(m, (o) => o.kind === 'Issuer'), /Issuer \S+ is not in the kustomization/],
    [
      'a cluster-issuer annotation for what is a namespaced Issuer',
      (m) => {
        const a = ingress(m).metadata.annotations;
        const name = a['cert-manager.io/issuer'];
        delete a['cert-manager.io/issuer'];
        a['cert-manager.io/cluster-issuer'] = name;
      },
      /ClusterIssuer \S+ is not in the manifests/,
    ],
    ['the Issuer in another namespace', (m) => (ofKind(m, 'Issuer')[0].metadata.namespace = 'cert-manager'), /Issuer \S+ is not in the kustomization/],
    [
      'a backend on a missing Service',
      (m) => (ingress(m).spec.rules[0].http.paths[0].backend.service.name = 'swishly-web'),
      /backend Service swishly-web is not in the manifests/,
    ],
    [
      'a backend on a port the Service lacks',
      (m) => (ingress(m).spec.rules[0].http.paths[0].backend.service.port = { number: 8080 }),
      /is not a port of Service\//,
    ],
    [
      'a Service targetPort the API does not declare',
      (m) => (ofKind(m, 'Service')[0].spec.ports[0].targetPort = 8080),
      /targetPort 8080 is not a port the API container declares/,
    ],
    ['a Service selecting the worker', (m) => (ofKind(m, 'Service')[0].spec.selector = { ...workload(m, 'worker').podLabels }), /does not match the API pods/],
    [
      'a Service selecting every app pod',
      (m) => (ofKind(m, 'Service')[0].spec.selector = { 'app.kubernetes.io/name': 'swishly' }),
      /also matches the worker pods/,
    ],
  ])('fails with %s', (_name, mutate, expected) => {
    const m = copy();
    mutate(m);
    const problems = checkTls(m);
    expect(problems).not.toEqual([]);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});

describe('4. NetworkPolicies', () => {
  it('the real policies deny by default and open only what the app needs', () => {
    expect(checkNetworkPolicies(real)).toEqual([]);
  });

  const policy = (m: Manifests, name: string): Obj => find(m, 'NetworkPolicy', name);
  /** The policy that lets the API, worker and migration reach port `port`. */
  const policyOpening = (m: Manifests, port: number): Obj => {
    const np = ofKind(m, 'NetworkPolicy').find((p) => (p.spec?.egress ?? []).some((r: Obj) => (r.ports ?? []).some((x: Obj) => x.port === port)));
    if (!np) throw new Error(`no policy opens ${port}`);
    return np;
  };
  const addPolicy = (m: Manifests, spec: Obj): void => {
    m.objects.push({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'added', namespace: m.namespace }, spec });
  };

  it.each<[string, (m: Manifests) => void, RegExp]>([
    ['no default deny', (m) => remove(m, (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny'), /no default deny of ingress/],
    ['a default deny of ingress only', (m) => (policy(m, 'default-deny').spec.policyTypes = ['Ingress']), /no default deny of egress/],
    [
      'a policy opening Redis to every pod',
      (m) => addPolicy(m, { podSelector: {}, policyTypes: ['Egress'], egress: [{ ports: [{ protocol: 'TCP', port: 6379 }] }] }),
      /an unlabeled pod can reach Redis/,
    ],
    [
      'a policy opening all egress to every pod',
      (m) => addPolicy(m, { podSelector: {}, policyTypes: ['Egress'], egress: [{}] }),
      /an unlabeled pod can reach Postgres/,
    ],
    [
      'the Postgres/Redis policy widened to every swishly pod',
      (m) => delete policyOpening(m, 5432).spec.podSelector.matchExpressions,
      /labels without app.kubernetes.io\/component can reach Postgres/,
    ],
    [
      'the Postgres/Redis policy leaving out the migration Job',
      (m) => (policyOpening(m, 5432).spec.podSelector.matchExpressions[0].values = ['api', 'worker']),
      /the migration pods cannot reach Postgres/,
    ],
    [
      'the Postgres/Redis policy without Redis',
      (m) => {
        const rule = policyOpening(m, 6379).spec.egress[0];
        rule.ports = rule.ports.filter((p: Obj) => p.port !== 6379);
      },
      /the api pods cannot reach Redis/,
    ],
    [
      'no DNS policy',
      (m) => remove(m, (o) => o.kind === 'NetworkPolicy' && (o.spec?.egress ?? []).some((r: Obj) => (r.ports ?? []).some((p: Obj) => p.port === 53))),
      /the worker pods get no DNS \(UDP 53\)/,
    ],
    [
      'the API open to every namespace',
      (m) => (policy(m, 'api-from-ingress-controller').spec.ingress[0].from[0].namespaceSelector = {}),
      /lets namespace kube-system reach the API/,
    ],
    [
      'the API open to its own namespace',
      (m) => policy(m, 'api-from-ingress-controller').spec.ingress[0].from.push({ podSelector: {} }),
      /lets pods of the API's own namespace reach it/,
    ],
    [
      'the API open to everyone',
      (m) => addPolicy(m, { podSelector: { matchLabels: { ...workload(m, 'api').podLabels } }, policyTypes: ['Ingress'], ingress: [{}] }),
      /lets any source reach the API/,
    ],
    [
      'the API closed to the ingress controller',
      (m) => remove(m, (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'api-from-ingress-controller'),
      /cannot reach the API/,
    ],
    ['every port of the worker open', (m) => delete policy(m, 'worker-metrics-from-monitoring').spec.ingress[0].ports, /opens every port of the worker/],
    [
      'another port of the worker open',
      (m) => (policy(m, 'worker-metrics-from-monitoring').spec.ingress[0].ports[0].port = 9229),
      /opens port 9229\/TCP of the worker/,
    ],
    [
      'a policy opening the worker to the ingress controller',
      (m) =>
        addPolicy(m, {
          podSelector: { matchLabels: { ...workload(m, 'worker').podLabels } },
          policyTypes: ['Ingress'],
          ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }] }],
        }),
      /NetworkPolicy\/added: opens every port of the worker/,
    ],
  ])('fails with %s', (_name, mutate, expected) => {
    const m = copy();
    mutate(m);
    const problems = checkNetworkPolicies(m);
    expect(problems).not.toEqual([]);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});
