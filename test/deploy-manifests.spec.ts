/**
 * Static checks of the deployment files (Dockerfile, docker-compose.yml, k8s/*.yaml): nothing
 * here starts a container; it parses the files and checks what the app relies on.
 */
import 'reflect-metadata';
import { DynamicModule, Provider } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { MODULE_SETTINGS } from '@swishly/business-modules';
import { AppConfig, checkWorkerPool, configSchema, ConsumerRegistry, loadConfig, MAIL_DELIVERY_QUEUE } from '@swishly/platform';
import { QueueKeys } from 'bullmq';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { WorkerModule } from '../apps/worker/src/worker.module';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What `npm run build:server` emits (tsc, outDir dist/, sources under apps/ and libs/). */
const ENTRY = {
  api: 'dist/apps/api/src/main.js',
  worker: 'dist/apps/worker/src/main.js',
  migrate: 'dist/apps/worker/src/migrate.js',
};

/** Variables that modules of later issues read (storage, email, AI coach, shot ingest). */
const LATER_ISSUE_VARS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'RESEND_API_KEY',
  'MAIL_FROM',
  'CONTACT_TO',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'SHOTS_INGEST_TOKEN',
];
const CONFIG_VARS = [...Object.keys(configSchema.shape), ...MODULE_SETTINGS.flatMap((settings) => settings.keys)];
const KNOWN_VARS = [...CONFIG_VARS, ...LATER_ISSUE_VARS];
const SECRET_VARS = [
  'DATABASE_URL',
  'REDIS_URL',
  'APP_SECRET',
  'METRICS_TOKEN',
  'RESEND_API_KEY',
  'RESEND_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'SHOTS_INGEST_TOKEN',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, walked by path in the assertions
type Obj = Record<string, any>;

/** Every YAML document of a file (a file may hold several, separated by ---). */
function yamlDocs(path: string): Obj[] {
  const docs = parseAllDocuments(read(path));
  const errors = docs.flatMap((doc) => doc.errors.map((e) => e.message));
  if (errors.length) throw new Error(`${path} does not parse: ${errors.join('; ')}`);
  return docs.map((doc) => doc.toJS()).filter((value) => value != null);
}

const k8sFiles = readdirSync(join(root, 'k8s'))
  .filter((name) => name.endsWith('.yaml'))
  .sort();
const k8s: Obj[] = k8sFiles.flatMap((name) => yamlDocs(`k8s/${name}`));
const k8sObject = (kind: string, name: string): Obj => {
  const found = k8s.find((o) => o.kind === kind && o.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in k8s/`);
  return found;
};
const compose = parse(read('docker-compose.yml')) as Obj;
const services: Obj = compose.services;

/** A compose `environment` as a name -> value map (it may be a map or a list of NAME=value). */
function envMap(env: unknown): Obj {
  if (Array.isArray(env)) return Object.fromEntries(env.map((item: string) => [item.split('=')[0], item.split('=').slice(1).join('=')]));
  return (env ?? {}) as Obj;
}
const commandOf = (command: unknown): string => (Array.isArray(command) ? command.join(' ') : String(command ?? ''));

/** True when a Kubernetes label selector (matchLabels and matchExpressions) selects these labels. */
function selects(selector: Obj, labels: Obj): boolean {
  const { matchLabels = {}, matchExpressions = [] } = selector;
  const byExpression = (e: Obj): boolean => {
    if (e.operator === 'In') return e.values.includes(labels[e.key]);
    if (e.operator === 'NotIn') return !e.values.includes(labels[e.key]);
    if (e.operator === 'Exists') return e.key in labels;
    if (e.operator === 'DoesNotExist') return !(e.key in labels);
    throw new Error(`unknown selector operator ${e.operator}`);
  };
  return Object.entries(matchLabels).every(([key, value]) => labels[key] === value) && matchExpressions.every(byExpression);
}

/**
 * The queues the worker consumes, from the code: every consumer the worker's modules register,
 * found as Nest finds them (each `DomainEventsModule.forFeature` registration run against a
 * ConsumerRegistry), and the platform's email retries (MailDeliveryWorker).
 */
function workerQueues(config: AppConfig): string[] {
  const registry = new ConsumerRegistry();
  const seen = new Set<unknown>();
  const visit = (entry: unknown): void => {
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    const dynamic = typeof entry === 'object' && 'module' in entry ? (entry as DynamicModule) : undefined;
    const moduleClass = dynamic ? dynamic.module : entry;
    const metadata = (key: string): unknown[] => Reflect.getMetadata(key, moduleClass as object) ?? [];
    const providers = [...metadata(MODULE_METADATA.PROVIDERS), ...(dynamic?.providers ?? [])] as Provider[];
    for (const provider of providers) {
      if (typeof provider === 'object' && 'useFactory' in provider && provider.inject?.includes(ConsumerRegistry)) {
        // The other injections are the projection registry and projections: nothing to record here.
        provider.useFactory(...provider.inject.map((token) => (token === ConsumerRegistry ? registry : { register: () => undefined })));
      }
    }
    [...metadata(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])].forEach(visit);
  };
  visit(WorkerModule.forRoot(config));
  return [...registry.all().map((consumer) => consumer.name), MAIL_DELIVERY_QUEUE];
}

/** An nginx size (`6m`, `512k`, `1g`, bytes without a unit) in bytes. */
function nginxBytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  return Number(match[1]) * 1024 ** ['', 'k', 'm', 'g'].indexOf(match[2].toLowerCase());
}

/** True for an IPv4 CIDR inside the private ranges (10/8, 172.16/12, 192.168/16). */
function isPrivate(cidr: string): boolean {
  const toInt = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const [ip, bits] = cidr.split('/');
  const start = toInt(ip);
  const end = start + 2 ** (32 - Number(bits)) - 1;
  return PRIVATE_RANGES.some((range) => {
    const [rangeIp, rangeBits] = range.split('/');
    const rangeStart = toInt(rangeIp);
    return start >= rangeStart && end <= rangeStart + 2 ** (32 - Number(rangeBits)) - 1;
  });
}
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

describe('deployment files', () => {
  it('every file parses', () => {
    expect(() => parse(read('docker-compose.yml'))).not.toThrow();
    for (const name of k8sFiles) expect(yamlDocs(`k8s/${name}`).length).toBeGreaterThan(0);
    expect(k8sFiles).toEqual(
      expect.arrayContaining([
        'namespace.yaml',
        'configmap.yaml',
        'secret.example.yaml',
        'api-deployment.yaml',
        'api-service.yaml',
        'api-hpa.yaml',
        'api-pdb.yaml',
        'ingress.yaml',
        'issuer.yaml',
        'worker-deployment.yaml',
        'worker-pdb.yaml',
        'worker-scaledobject.yaml',
        'worker-scaler-auth.yaml',
        'migration-job.yaml',
        'networkpolicies.yaml',
        'kustomization.yaml',
      ]),
    );
    for (const object of k8s) {
      expect(object.apiVersion).toEqual(expect.any(String));
      expect(object.kind).toEqual(expect.any(String));
    }
  });

  describe('entry points', () => {
    it('are the files npm run build:server emits and npm start runs', () => {
      const build = JSON.parse(read('tsconfig.build.json'));
      const base = JSON.parse(read('tsconfig.json'));
      expect(build.compilerOptions?.outDir ?? base.compilerOptions.outDir).toBe('./dist');
      for (const path of Object.values(ENTRY)) {
        // tsc compiles <path>.ts (under apps/ or libs/) to dist/<path>.js.
        const source = path.replace(/^dist\//, '').replace(/\.js$/, '.ts');
        expect(existsSync(join(root, source))).toBe(true);
        expect(source).toMatch(/^(apps|libs)\//);
      }
      const lib = read('scripts/lib.js');
      expect(lib).toContain(ENTRY.api);
      expect(lib).toContain(ENTRY.worker);
      expect(JSON.parse(read('package.json')).scripts['db:migrate']).toContain(ENTRY.migrate.replace(/^dist\//, '').replace(/\.js$/, ''));
    });
  });

  describe('Dockerfile', () => {
    const dockerfile = read('Dockerfile');
    const lines = dockerfile
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((l) => l.trim());

    it('builds on node:20-bookworm-slim in stages and runs as a non-root user', () => {
      expect(dockerfile).toMatch(/node:20-bookworm-slim/);
      expect(lines.filter((l) => /^FROM /i.test(l)).length).toBeGreaterThanOrEqual(3);
      expect(dockerfile).toMatch(/RUN npm ci\b/);
      expect(dockerfile).toMatch(/RUN npm run build\b/);
      expect(dockerfile).toMatch(/RUN npm ci --omit=dev\b/);
      const users = lines.filter((l) => /^USER /i.test(l));
      expect(users.length).toBeGreaterThan(0);
      expect(users[users.length - 1]).not.toMatch(/^USER (root|0)(:|$)/i);
      expect(lines).toContain('EXPOSE 3000');
      expect(dockerfile).toMatch(/ENV NODE_ENV=production/);
    });

    it('runs the API by default and checks /health/live', () => {
      const cmd = lines.filter((l) => /^CMD /i.test(l)).pop();
      expect(JSON.parse(cmd!.replace(/^CMD /i, ''))).toContain(ENTRY.api);
      const healthcheck = lines.find((l) => /^HEALTHCHECK /i.test(l));
      expect(healthcheck).toContain('/health/live');
      expect(healthcheck).toContain('fetch(');
    });

    it('keeps build output, dependencies and local files out of the build context', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim());
      for (const entry of ['**/node_modules', 'dist', 'frontend/dist', '.git', 'data', 'test-results', '.env']) {
        expect(ignored).toContain(entry);
      }
    });
  });

  describe('docker-compose.yml', () => {
    const appServices = ['migrate', 'api', 'worker'];

    it('has postgres, redis, minio, the migration, the api and the worker', () => {
      expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'migrate', 'api', 'worker']));
      expect(services.postgres.image).toMatch(/^postgres:1[5-9]/);
      expect(services.redis.image).toMatch(/^redis:7/);
      expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
      expect(services.redis.healthcheck.test.join(' ')).toContain('redis-cli');
    });

    it('runs the api, the worker and the migration from one image', () => {
      for (const name of appServices) {
        expect({ name, build: services[name].build, image: services[name].image }).toEqual({
          name,
          build: services.api.build,
          image: services.api.image,
        });
      }
      expect(commandOf(services.api.command)).toContain(ENTRY.api);
      expect(commandOf(services.worker.command)).toContain(ENTRY.worker);
      expect(commandOf(services.migrate.command)).toContain(ENTRY.migrate);
      expect(services.api.ports).toContain('3000:3000');
      expect(services.worker.ports).toBeUndefined();
      expect(services.worker.stop_grace_period).toBeDefined();
    });

    it('starts the api and the worker after a successful migration and healthy Postgres and Redis', () => {
      for (const name of ['api', 'worker']) {
        const dependsOn = services[name].depends_on;
        expect(dependsOn.migrate.condition).toBe('service_completed_successfully');
        expect(dependsOn.postgres.condition).toBe('service_healthy');
        expect(dependsOn.redis.condition).toBe('service_healthy');
        expect(envMap(services[name].environment).MIGRATE_ON_START).toBe('false');
      }
      expect(services.migrate.depends_on.postgres.condition).toBe('service_healthy');
    });

    it('points the app at the compose services and uses only variables the app knows', () => {
      for (const name of appServices) {
        const env = envMap(services[name].environment);
        expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
        expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
        for (const key of Object.keys(env)) expect({ service: name, key, known: KNOWN_VARS.includes(key) }).toEqual({ service: name, key, known: true });
      }
    });

    it("gives the worker a pool its job slots cannot exhaust, and probes the worker's own health", () => {
      const env = envMap(services.worker.environment);
      const pool = { WORKER_CONCURRENCY: Number(env.WORKER_CONCURRENCY), DATABASE_POOL_SIZE: Number(env.DATABASE_POOL_SIZE) };
      expect(() => checkWorkerPool(pool)).not.toThrow();
      expect(services.worker.healthcheck.test.join(' ')).toContain(`127.0.0.1:${env.WORKER_HEALTH_PORT}/health/live`);
    });
  });

  describe('Kubernetes', () => {
    const configMap = k8sObject('ConfigMap', 'swishly-config');
    const secretExample = k8sObject('Secret', 'swishly-secrets');

    it('the ConfigMap and the Secret template only hold variables the app knows, and cover all of them', () => {
      const configKeys = Object.keys(configMap.data);
      const secretKeys = Object.keys(secretExample.stringData);
      for (const key of [...configKeys, ...secretKeys]) expect({ key, known: KNOWN_VARS.includes(key) }).toEqual({ key, known: true });
      expect([...configKeys, ...secretKeys]).toEqual(expect.arrayContaining(KNOWN_VARS));
      expect(secretKeys.sort()).toEqual([...SECRET_VARS].sort());
      for (const key of SECRET_VARS) expect(configKeys).not.toContain(key);
      expect(configMap.data.MIGRATE_ON_START).toBe('false');
      // The worker refuses to start when its job slots could exhaust its pool.
      expect(() => checkWorkerPool(loadConfig({ ...configMap.data, APP_SECRET: 'a-real-secret-of-sufficient-length' }))).not.toThrow();
      for (const value of Object.values(configMap.data)) expect(typeof value).toBe('string');
    });

    it('the API Deployment probes /health/live and /health/ready on its container port', () => {
      const deployment = k8sObject('Deployment', 'swishly-api');
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      const port = container.ports.find((p: Obj) => p.containerPort === 3000);
      expect(port).toBeDefined();
      const onPort = (probe: Obj) => probe.httpGet.port === port.containerPort || probe.httpGet.port === port.name;
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      expect(onPort(container.livenessProbe)).toBe(true);
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(onPort(container.readinessProbe)).toBe(true);
      expect(onPort(container.startupProbe)).toBe(true);
      expect(container.command.join(' ')).toContain(ENTRY.api);
      // The HPA owns the count (2 to 10): a `replicas:` here would reset it on every apply.
      expect(deployment.spec.replicas).toBeUndefined();
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.env).toContainEqual({ name: 'MIGRATE_ON_START', value: 'false' });
      expect(container.envFrom).toEqual([{ configMapRef: { name: 'swishly-config' } }, { secretRef: { name: 'swishly-secrets' } }]);
      expect(deployment.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics' });
    });

    it('the Service, HPA and Ingress reach the API Deployment', () => {
      const deployment = k8sObject('Deployment', 'swishly-api');
      const service = k8sObject('Service', 'swishly-api');
      expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
      expect(service.spec.ports[0].targetPort).toBe('http');
      const hpa = k8sObject('HorizontalPodAutoscaler', 'swishly-api');
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'swishly-api' });
      expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([2, 10]);
      expect(hpa.spec.metrics[0].resource).toMatchObject({ name: 'cpu', target: { averageUtilization: 70 } });
      const ingress = k8sObject('Ingress', 'swishly');
      expect(ingress.spec.tls).toHaveLength(1);
      expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('swishly-api');
    });

    it('the worker and the migration Job run their entry points from the same image', () => {
      const api = k8sObject('Deployment', 'swishly-api').spec.template.spec;
      const worker = k8sObject('Deployment', 'swishly-worker').spec.template.spec;
      const job = k8sObject('Job', 'swishly-migrate').spec.template.spec;
      expect(worker.containers[0].command.join(' ')).toContain(ENTRY.worker);
      // Its only port is its own health and metrics, which its probes use.
      const port = Number(configMap.data.WORKER_HEALTH_PORT);
      expect(worker.containers[0].ports).toEqual([{ name: 'health', containerPort: port }]);
      for (const probe of ['livenessProbe', 'readinessProbe']) expect(worker.containers[0][probe].httpGet.port).toBe('health');
      expect(worker.containers[0].livenessProbe.httpGet.path).toBe('/health/live');
      expect(worker.containers[0].readinessProbe.httpGet.path).toBe('/health/ready');
      // Running jobs get SHUTDOWN_TIMEOUT_MS to finish, within the grace period.
      expect(worker.terminationGracePeriodSeconds).toBeGreaterThan(Number(configMap.data.SHUTDOWN_TIMEOUT_MS) / 1000);
      expect(job.containers[0].command.join(' ')).toContain(ENTRY.migrate);
      expect(job.restartPolicy).toBe('Never');
      expect(new Set([api, worker, job].map((spec) => spec.containers[0].image))).toEqual(new Set([api.containers[0].image]));
    });

    it('the kustomization lists every manifest except the Secret template, and they exist', () => {
      const [kustomization] = yamlDocs('k8s/kustomization.yaml');
      const resources: string[] = kustomization.resources;
      for (const file of resources) expect({ file, exists: existsSync(join(root, 'k8s', file)) }).toEqual({ file, exists: true });
      expect(resources).not.toContain('secret.example.yaml');
      expect([...resources].sort()).toEqual(k8sFiles.filter((f) => !['kustomization.yaml', 'secret.example.yaml'].includes(f)));
    });

    it('a node drain keeps the API and the worker running: at least 2 pods each, one evicted at a time, spread over nodes', () => {
      const templates = k8s.filter((o) => o.spec?.template?.metadata).map((o) => o.spec.template.metadata.labels);
      const minimum = {
        'swishly-api': k8sObject('HorizontalPodAutoscaler', 'swishly-api').spec.minReplicas,
        'swishly-worker': k8sObject('ScaledObject', 'swishly-worker').spec.minReplicaCount,
      };
      for (const [name, min] of Object.entries(minimum)) {
        const deployment = k8sObject('Deployment', name);
        const labels = deployment.spec.template.metadata.labels;
        // The autoscaler owns the count: a `replicas:` would reset it on every apply.
        expect({ name, replicas: deployment.spec.replicas, min }).toEqual({ name, replicas: undefined, min: 2 });
        const pdb = k8sObject('PodDisruptionBudget', name);
        expect(pdb.apiVersion).toBe('policy/v1');
        expect(pdb.spec.maxUnavailable).toBe(1);
        // It covers this Deployment's pods and no other's.
        expect(templates.filter((other) => selects(pdb.spec.selector, other))).toEqual([labels]);
        const spread: Obj[] = deployment.spec.template.spec.topologySpreadConstraints;
        const byKey = Object.fromEntries(spread.map((c) => [c.topologyKey, c]));
        expect(Object.keys(byKey).sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
        for (const constraint of spread) {
          expect(selects(constraint.labelSelector, labels)).toBe(true);
          expect(constraint).toMatchObject({ maxSkew: 1, nodeTaintsPolicy: 'Honor' });
        }
        expect(byKey['kubernetes.io/hostname'].whenUnsatisfiable).toBe('DoNotSchedule');
        expect(byKey['topology.kubernetes.io/zone'].whenUnsatisfiable).toBe('ScheduleAnyway');
      }
    });

    it('KEDA scales the worker on the waiting jobs of every queue the worker consumes (read from the code)', () => {
      const queues = workerQueues(loadConfig({ ...configMap.data, APP_SECRET: 'a-real-secret-of-sufficient-length' }));
      expect(queues).toEqual(expect.arrayContaining(['mail.deliver', 'waitlist.send-welcome-email', 'analytics.roll-up-signups']));
      const scaled = k8sObject('ScaledObject', 'swishly-worker');
      expect(scaled.apiVersion).toBe('keda.sh/v1alpha1');
      expect(scaled.spec.scaleTargetRef).toEqual({ name: 'swishly-worker' }); // a Deployment, KEDA's default
      // BullMQ keeps a queue's waiting jobs in the list <prefix>:<queue>:wait.
      const keys = new QueueKeys(configMap.data.REDIS_PREFIX);
      const triggers: Obj[] = scaled.spec.triggers;
      expect(triggers.map((t) => t.metadata.listName).sort()).toEqual(queues.map((queue) => keys.toKey(queue, 'wait')).sort());
      const auth = k8sObject('TriggerAuthentication', 'swishly-redis-scaler');
      for (const trigger of triggers) {
        expect(trigger).toEqual({
          type: 'redis',
          metadata: { listName: trigger.metadata.listName, listLength: triggers[0].metadata.listLength },
          authenticationRef: { name: auth.metadata.name },
        });
      }
      expect(Number(triggers[0].metadata.listLength)).toBeGreaterThan(0);
      expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
      expect(scaled.spec.advanced.horizontalPodAutoscalerConfig.behavior.scaleDown.stabilizationWindowSeconds).toBeGreaterThan(0);
      // The scaler's Secret is a template (secret.example.yaml), with every key the TriggerAuthentication reads.
      const refs: Obj[] = auth.spec.secretTargetRef;
      expect(refs.map((ref) => ref.parameter).sort()).toEqual(['address', 'password', 'tls']);
      const secret = k8sObject('Secret', refs[0].name);
      for (const ref of refs) expect({ ref, found: ref.name === secret.metadata.name && ref.key in secret.stringData }).toEqual({ ref, found: true });
      expect(['enable', 'disable']).toContain(secret.stringData.tls);
      expect(yamlDocs('k8s/secret.example.yaml')).toContainEqual(secret);
    });

    it('the worker runs BullMQ workers only for the consumers and the email retries', () => {
      // A queue worked anywhere else would need its own trigger above: add it to workerQueues().
      const sources = (dir: string): string[] =>
        readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? sources(`${dir}/${entry.name}`)
            : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
              ? [`${dir}/${entry.name}`]
              : [],
        );
      const withWorkers = [...sources('libs'), ...sources('apps')].filter((file) => /new Worker\(/.test(read(file)));
      expect(withWorkers.sort()).toEqual(['libs/platform/src/events/consumer-host.service.ts', 'libs/platform/src/mail/mail-delivery.worker.ts']);
      expect(read('libs/platform/src/mail/mail-delivery.worker.ts')).toMatch(/new Worker\(MAIL_DELIVERY_QUEUE,/);
      expect(read('libs/platform/src/events/consumer-host.service.ts')).toMatch(/new Worker\(consumer\.name,/);
    });

    it('the Ingress gets its certificate from the Issuer, redirects to HTTPS and lets uploads through', () => {
      const ingress = k8sObject('Ingress', 'swishly');
      const annotations = ingress.metadata.annotations;
      const issuer = k8sObject('Issuer', annotations['cert-manager.io/issuer']);
      expect(issuer.apiVersion).toBe('cert-manager.io/v1');
      expect(issuer.spec.acme.server).toBe('https://acme-v02.api.letsencrypt.org/directory');
      expect(issuer.spec.acme.solvers).toEqual([{ http01: { ingress: { ingressClassName: ingress.spec.ingressClassName } } }]);
      const hosts = ingress.spec.rules.map((rule: Obj) => rule.host);
      expect(ingress.spec.tls).toEqual([{ hosts, secretName: 'swishly-tls' }]);
      expect(new URL(configMap.data.PUBLIC_URL)).toMatchObject({ protocol: 'https:', host: hosts[0] });
      expect(annotations['nginx.ingress.kubernetes.io/ssl-redirect']).toBe('true');
      expect(nginxBytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'])).toBeGreaterThan(Number(configMap.data.UPLOAD_MAX_BYTES));
      // The coach's streamed replies turn nginx's response buffering off themselves.
      expect(read('libs/chat/src/conversation/chat.controller.ts')).toContain(".header('x-accel-buffering', 'no')");
    });

    describe('NetworkPolicies', () => {
      const policies = k8s.filter((o) => o.kind === 'NetworkPolicy');
      const pods: Record<string, Obj> = {
        api: k8sObject('Deployment', 'swishly-api').spec.template,
        worker: k8sObject('Deployment', 'swishly-worker').spec.template,
        migration: k8sObject('Job', 'swishly-migrate').spec.template,
      };
      const policiesOf = (pod: Obj, type: 'Ingress' | 'Egress') =>
        policies.filter((p) => p.spec.policyTypes.includes(type) && selects(p.spec.podSelector, pod.metadata.labels));
      /** A peer in words: a namespace, pods of a namespace, the private network or any public address. */
      const peer = (to: Obj): string => {
        if (to.ipBlock) {
          if (isPrivate(to.ipBlock.cidr)) return 'private network';
          expect(to.ipBlock).toEqual({ cidr: '0.0.0.0/0', except: PRIVATE_RANGES });
          return 'public addresses';
        }
        const namespace = to.namespaceSelector.matchLabels['kubernetes.io/metadata.name'];
        return to.podSelector ? `${namespace} ${JSON.stringify(to.podSelector.matchLabels)}` : namespace;
      };
      const rules = (pod: Obj, type: 'Ingress' | 'Egress'): string[] =>
        policiesOf(pod, type)
          .flatMap((p) => p.spec[type === 'Ingress' ? 'ingress' : 'egress'] ?? [])
          .flatMap((rule: Obj) =>
            rule.ports.map((port: Obj) => `${port.protocol} ${port.port} ${type === 'Ingress' ? 'from' : 'to'} ${(rule.from ?? rule.to).map(peer).join(', ')}`),
          )
          .sort();
      const dns = ['TCP 53 to kube-system {"k8s-app":"kube-dns"}', 'UDP 53 to kube-system {"k8s-app":"kube-dns"}'];

      it('deny everything to and from every pod of the namespace, then allow what follows', () => {
        expect(k8sObject('NetworkPolicy', 'default-deny').spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
        for (const policy of policies) expect(policy.spec.policyTypes.length).toBeGreaterThan(0);
      });

      it('let only the ingress controller reach the API (on its http port), and monitoring the worker (on its health port)', () => {
        expect(rules(pods.api, 'Ingress')).toEqual(['TCP http from ingress-nginx']);
        expect(rules(pods.worker, 'Ingress')).toEqual(['TCP health from monitoring']);
        expect(rules(pods.migration, 'Ingress')).toEqual([]);
        expect(pods.api.spec.containers[0].ports.map((p: Obj) => p.name)).toContain('http');
        expect(pods.worker.spec.containers[0].ports.map((p: Obj) => p.name)).toContain('health');
      });

      it("let the ingress controller reach cert-manager's HTTP-01 solver", () => {
        const solver = { metadata: { labels: { 'acme.cert-manager.io/http01-solver': 'true' } } };
        expect(rules(solver, 'Ingress')).toEqual(['TCP 8089 from ingress-nginx']);
      });

      it('let every pod use DNS; the API, the worker and the migration reach Postgres and Redis; the API and the worker HTTPS providers', () => {
        const datastores = ['TCP 5432 to private network', 'TCP 6379 to private network'];
        const https = ['TCP 443 to public addresses'];
        expect(rules(pods.api, 'Egress')).toEqual([...https, ...datastores, ...dns].sort());
        expect(rules(pods.worker, 'Egress')).toEqual([...https, ...datastores, ...dns].sort());
        expect(rules(pods.migration, 'Egress')).toEqual([...datastores, ...dns].sort());
        // Any other pod of the namespace (the HTTP-01 solver) gets DNS only.
        expect(rules({ metadata: { labels: {} } }, 'Egress')).toEqual(dns);
      });
    });
  });
});
