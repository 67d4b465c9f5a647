/**
 * Every deployment file against its schema: each object of k8s/*.yaml (the Secret templates
 * included) against the Kubernetes, KEDA and cert-manager schemas, fields the kind does not have
 * rejected too; k8s/kustomization.yaml against the fields kustomize knows; docker-compose.yml
 * against the Compose Specification. Then proof that each check rejects a misspelled field.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { composeProblems, kubernetesProblems, kustomizationProblems, modelValidateProblems } from './utils/deploy-schemas';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, mutated by path in the tests
type Obj = Record<string, any>;

const docs = (path: string): Obj[] =>
  parseAllDocuments(read(path))
    .map((doc) => doc.toJS())
    .filter((value) => value != null);
const k8sFiles = readdirSync(join(root, 'k8s'))
  .filter((name) => name.endsWith('.yaml'))
  .sort();
const manifests = k8sFiles.filter((name) => name !== 'kustomization.yaml');
const objects = manifests.flatMap((file) => docs(`k8s/${file}`).map((object) => ({ file, object })));
const find = (kind: string, name: string): Obj => {
  const found = objects.find(({ object }) => object.kind === kind && object.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in k8s/`);
  return structuredClone(found.object);
};

describe('deployment files against their schemas', () => {
  it.each(objects.map(({ file, object }) => [file, object.kind, object.metadata?.name, object]))('k8s/%s: %s %s', (_file, _kind, _name, object) => {
    expect(kubernetesProblems(object)).toEqual([]);
  });

  it('k8s/kustomization.yaml has only fields kustomize knows', () => {
    const [kustomization] = docs('k8s/kustomization.yaml');
    expect(kustomizationProblems(kustomization)).toEqual([]);
  });

  it('docker-compose.yml follows the Compose Specification', () => {
    expect(composeProblems(parse(read('docker-compose.yml')))).toEqual([]);
  });
});

describe('each schema check rejects what it should', () => {
  it('an object of a kind with no schema here', () => {
    expect(() => kubernetesProblems({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toThrow(
      /no schema for apiVersion example.com\/v1, kind Widget/,
    );
    expect(() => kubernetesProblems({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler' })).toThrow(/no schema/);
  });

  it('a misspelled field the models alone let through (they allow unknown fields), at any depth', () => {
    const cases: [Obj, string][] = [];
    const replica = find('Deployment', 'swishly-worker');
    replica.spec.replica = 2;
    cases.push([replica, '/spec/replica']);
    const minReplicas = find('ScaledObject', 'swishly-worker');
    minReplicas.spec.minReplicas = minReplicas.spec.minReplicaCount;
    delete minReplicas.spec.minReplicaCount;
    cases.push([minReplicas, '/spec/minReplicas']);
    const nodeTaints = find('Deployment', 'swishly-api');
    const spread = nodeTaints.spec.template.spec.topologySpreadConstraints[0];
    spread.nodeTaintPolicy = spread.nodeTaintsPolicy;
    delete spread.nodeTaintsPolicy;
    cases.push([nodeTaints, '/spec/template/spec/topologySpreadConstraints/0/nodeTaintPolicy']);
    const podSelecter = find('NetworkPolicy', 'default-deny');
    podSelecter.spec.podSelecter = podSelecter.spec.podSelector;
    cases.push([podSelecter, '/spec/podSelecter']);
    const solver = find('Issuer', 'letsencrypt');
    solver.spec.acme.solvers[0].http01.ingress.ingressClass = 'nginx';
    cases.push([solver, '/spec/acme/solvers/0/http01/ingress/ingressClass']);
    const unhealthy = find('PodDisruptionBudget', 'swishly-worker');
    unhealthy.spec.unhealthyPodEvictionPolicies = 'AlwaysAllow';
    cases.push([unhealthy, '/spec/unhealthyPodEvictionPolicies']);

    for (const [object, path] of cases) {
      expect({ path, modelValidate: modelValidateProblems(object) }).toEqual({ path, modelValidate: [] });
      expect(kubernetesProblems(object)).toEqual([`${path} is not a field of ${object.apiVersion} ${object.kind}`]);
    }
  });

  it('a missing required field, a wrong type or a value outside an enum', () => {
    const contianers = find('Deployment', 'swishly-api');
    const pod = contianers.spec.template.spec;
    pod.contianers = pod.containers;
    delete pod.containers;
    expect(kubernetesProblems(contianers)).toEqual([
      '/spec/template/spec must have required property containers',
      '/spec/template/spec/contianers is not a field of apps/v1 Deployment',
    ]);

    const maxReplicaCount = find('ScaledObject', 'swishly-worker');
    maxReplicaCount.spec.maxReplicaCount = 'ten';
    expect(kubernetesProblems(maxReplicaCount)).toEqual(['/spec/maxReplicaCount must be integer']);

    const whenUnsatisfiable = find('Deployment', 'swishly-worker');
    whenUnsatisfiable.spec.template.spec.topologySpreadConstraints[0].whenUnsatisfiable = 'DoNotSchedul';
    expect(kubernetesProblems(whenUnsatisfiable).join('\n')).toMatch(
      /topologySpreadConstraints\/0\/whenUnsatisfiable must be equal to one of the allowed values/,
    );

    const triggers = find('ScaledObject', 'swishly-worker');
    delete triggers.spec.triggers[0].metadata;
    expect(kubernetesProblems(triggers)).toEqual(['/spec/triggers/0 must have required property metadata']);
  });

  it('a misspelled kustomization field', () => {
    const [kustomization] = docs('k8s/kustomization.yaml');
    const { resources, ...rest } = kustomization;
    expect(kustomizationProblems({ ...rest, resource: resources })).toEqual(["/ must have required property 'resources'", '/ has unknown field resource']);
    expect(kustomizationProblems({ ...kustomization, images: [{ ...kustomization.images[0], tag: '1' }] })).toEqual(['/images/0 has unknown field tag']);
  });

  it('a misspelled compose field, in a service or at the top, or a value outside an enum', () => {
    const compose = parse(read('docker-compose.yml'));
    const { depends_on: dependsOn, ...api } = compose.services.api;
    expect(composeProblems({ ...compose, services: { ...compose.services, api: { ...api, depend_on: dependsOn } } })).toEqual([
      '/services/api has unknown field depend_on',
    ]);
    expect(composeProblems({ ...compose, volume: compose.volumes })).toEqual(['/ has unknown field volume']);
    const worker = { ...compose.services.worker, depends_on: { ...compose.services.worker.depends_on, migrate: { condition: 'service_completed' } } };
    expect(composeProblems({ ...compose, services: { ...compose.services, worker } })).toContain(
      '/services/worker/depends_on/migrate/condition must be equal to one of the allowed values',
    );
  });
});
