/**
 * Jest resolves `require` with the `require` and `default` export conditions. kubernetes-models and
 * @kubernetes-models/* (the schemas test/deploy-schemas.spec.ts checks k8s/ against) publish ES
 * modules under the `import` condition only: for them, resolve that one (Jest then compiles them,
 * see transformIgnorePatterns in jest.config.js). Every other package resolves as before.
 */
const ESM_ONLY = /^(kubernetes-models|@kubernetes-models\/[^/]+)(\/|$)/;

module.exports = (request, options) => options.defaultResolver(request, ESM_ONLY.test(request) ? { ...options, conditions: ['import', 'default'] } : options);
