/**
 * Schema checks of the deployment files (test/deploy-schemas.spec.ts): Kubernetes objects against
 * the kubernetes-models schemas (KEDA's and cert-manager's kinds included), the kustomization
 * against the fields kustomize knows, docker-compose.yml against the Compose Specification.
 * Each returns the problems it found, as readable strings: none means valid.
 */
import { Issuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer';
import { ClusterIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/ClusterIssuer';
import { Certificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import Ajv, { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Issue = Pick<ErrorObject, 'instancePath' | 'message'> & Partial<Pick<ErrorObject, 'keyword' | 'params'>>;
const describeIssues = (issues: Issue[]) =>
  issues.map((e) =>
    e.keyword === 'additionalProperties'
      ? `${e.instancePath || '/'} has unknown field ${e.params?.additionalProperty}`
      : `${e.instancePath || '/'} ${e.message}`,
  );

// ---------------------------------------------------------------------------------------------
// Kubernetes objects

/**
 * A model class: its apiVersion and kind, and instances with validate(). (Its base class comes from
 * @kubernetes-models/base, whose types this repository's `moduleResolution: node` cannot see:
 * validate() is called through a cast.)
 */
interface ModelClass {
  readonly apiVersion: string;
  readonly kind: string;
  new (data: never): object;
}
type Manifest = { apiVersion?: unknown; kind?: unknown; [field: string]: unknown };

/** The kinds k8s/ may hold. Another kind fails the check until its model is added here. */
const MODEL_CLASSES: ModelClass[] = [
  Namespace,
  ConfigMap,
  Secret,
  Service,
  Deployment,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Ingress,
  NetworkPolicy,
  ScaledObject,
  TriggerAuthentication,
  Issuer,
  ClusterIssuer,
  Certificate,
];
const MODELS = new Map(MODEL_CLASSES.map((model) => [`${model.apiVersion} ${model.kind}`, model]));

function modelOf(object: Manifest): ModelClass {
  const model = MODELS.get(`${object.apiVersion} ${object.kind}`);
  if (!model) throw new Error(`no schema for apiVersion ${object.apiVersion}, kind ${object.kind}: add its model to test/utils/deploy-schemas.ts`);
  return model;
}

/** The model's schema errors for `object` (the generated validators: types, enums, required fields). */
function modelErrors(model: ModelClass, object: unknown): Issue[] {
  try {
    (new model(object as never) as { validate(): void }).validate();
    return [];
  } catch (error) {
    const errors = (error as { errors?: Issue[] }).errors;
    if (!Array.isArray(errors)) throw error;
    return errors;
  }
}

/** A path as a JSON pointer, the form of Ajv's `instancePath` ('~' and '/' escaped). */
const pointer = (path: (string | number)[]) => path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const PROBE = Symbol('not a value any schema accepts');

/**
 * The fields of `object` its model does not know. The kubernetes-models schemas do not forbid
 * additional properties, so `replica:` or `minReplicas:` would pass `validate()` (the cluster
 * would refuse or drop them only at apply time). A field is known when the model's validator
 * checks its value: each field in turn is replaced by a value no schema accepts (a Symbol), and
 * one whose replacement draws no error at its path is unknown. Keys of a map (labels,
 * annotations, ConfigMap data) are all known, since the map's values are checked. A field a
 * schema leaves untyped would be reported too (none in k8s/): the check errs on failing.
 */
function unknownFields(model: ModelClass, object: object): string[] {
  const unknown: string[] = [];
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...path, index]));
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key];
      const probed = structuredClone(object) as Record<string | number, unknown>;
      let parent = probed;
      for (const part of path) parent = parent[part] as Record<string | number, unknown>;
      parent[key] = PROBE;
      if (modelErrors(model, probed).some((error) => error.instancePath === pointer(at))) visit(child, at);
      else unknown.push(pointer(at));
    }
  };
  visit(object, []);
  return unknown;
}

/** What is wrong with a Kubernetes object: an unknown kind, schema errors, fields its kind does not have. */
export function kubernetesProblems(object: Manifest): string[] {
  const model = modelOf(object);
  const unknown = unknownFields(model, object).map((path) => `${path} is not a field of ${model.apiVersion} ${model.kind}`);
  return [...describeIssues(modelErrors(model, object)), ...unknown];
}

/** The same check without the unknown-field pass: what the models' own validate() accepts. */
export function modelValidateProblems(object: Manifest): string[] {
  return describeIssues(modelErrors(modelOf(object), object));
}

// ---------------------------------------------------------------------------------------------
// The kustomization (kustomize publishes no schema): its top-level fields, and the shape of those
// k8s/kustomization.yaml uses.

const strings = { type: 'array', items: { type: 'string' } };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const KUSTOMIZATION_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'resources'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: 'kustomize.config.k8s.io/v1beta1' },
    kind: { const: 'Kustomization' },
    metadata: { type: 'object' },
    namespace: { type: 'string' },
    namePrefix: { type: 'string' },
    nameSuffix: { type: 'string' },
    resources: strings,
    components: strings,
    crds: strings,
    configurations: strings,
    generators: strings,
    transformers: strings,
    validators: strings,
    buildMetadata: strings,
    labels: { type: 'array', items: { type: 'object' } },
    commonLabels: stringMap,
    commonAnnotations: stringMap,
    images: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          newName: { type: 'string' },
          newTag: { type: 'string' },
          digest: { type: 'string' },
          tagSuffix: { type: 'string' },
        },
      },
    },
    replicas: {
      type: 'array',
      items: { type: 'object', required: ['name', 'count'], additionalProperties: false, properties: { name: { type: 'string' }, count: { type: 'integer' } } },
    },
    patches: { type: 'array', items: { type: 'object' } },
    replacements: { type: 'array', items: { type: 'object' } },
    configMapGenerator: { type: 'array', items: { type: 'object' } },
    secretGenerator: { type: 'array', items: { type: 'object' } },
    generatorOptions: { type: 'object' },
    helmCharts: { type: 'array', items: { type: 'object' } },
    helmGlobals: { type: 'object' },
    openapi: { type: 'object' },
    sortOptions: { type: 'object' },
    // Deprecated in kustomize v5, still read.
    patchesStrategicMerge: { type: 'array' },
    patchesJson6902: { type: 'array', items: { type: 'object' } },
    vars: { type: 'array', items: { type: 'object' } },
    bases: strings,
  },
};

const kustomizationValidator = new Ajv({ allErrors: true }).compile(KUSTOMIZATION_SCHEMA);

export function kustomizationProblems(kustomization: unknown): string[] {
  return kustomizationValidator(kustomization) ? [] : describeIssues(kustomizationValidator.errors ?? []);
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml: the Compose Specification's JSON schema (compose-spec/compose-spec,
// schema/compose-spec.json), as the dclint package ships it and keeps it current.

const composeSchemaPath = join(dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');
const composeSchema = JSON.parse(readFileSync(composeSchemaPath, 'utf8')) as Record<string, unknown>;

// The schema is draft-07 (Ajv's default class) but names it by its https:// id, which Ajv knows
// by the http:// one. It uses union types ("type": ["string", "number"]): allowed, as the
// specification means them; strictTypes is off for its objects described without "type".
const composeValidator = (() => {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strictTypes: false });
  addFormats(ajv);
  return ajv.compile({ ...composeSchema, $schema: 'http://json-schema.org/draft-07/schema#' });
})();

export function composeProblems(compose: unknown): string[] {
  return composeValidator(compose) ? [] : describeIssues(composeValidator.errors ?? []);
}
