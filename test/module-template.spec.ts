import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * The module template (README, "The module template"), read from the files as they are: parsed,
 * never compiled or run.
 * - A controller file holds its controllers only: request and response classes live in the
 *   slice's dto/ folder, guards in a *.guard.ts.
 * - A consumer handler (@HandlesConsumer) is a file of its own in the slice's jobs/ folder.
 * - Every file that declares a Nest class (@Injectable, @Controller, @Module, @Processor, @Catch)
 *   carries its role in its name: `<what>.<role>.ts`, the role one of ROLES; a controller is in
 *   a *.controller.ts and a module in a *.module.ts.
 */
const root = join(__dirname, '..');

/** The role suffixes of the files that declare a Nest class, as the README lists them. */
const ROLES = [
  'controller',
  'service',
  'repository',
  'projection',
  'job',
  'module',
  'guard',
  'pipe',
  'filter',
  'holder',
  'retention',
  'registry',
  'cache',
  'batcher',
  'generator',
  'worker',
  'server',
];

const NEST_DECORATORS = ['Injectable', 'Controller', 'Module', 'Processor', 'Catch'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every file under `dir`, tests and scripts too (node_modules and build output left out). */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : allFiles(path);
    return [path];
  });
}

interface DeclaredClass {
  name: string;
  decorators: string[];
}

/** Every class of a file (declarations and expressions, at any depth), with its decorators' names. */
function classesOf(path: string): DeclaredClass[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const classes: DeclaredClass[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const decorators = (ts.getDecorators(node) ?? []).map(({ expression }) => {
        const callee = ts.isCallExpression(expression) ? expression.expression : expression;
        return callee.getText(source);
      });
      classes.push({ name: node.name?.text ?? '(anonymous)', decorators });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return classes;
}

const files = ['libs', 'apps']
  .flatMap((dir) => sourceFiles(join(root, dir)))
  .map((path) => ({
    path: relative(root, path).split(sep).join('/'),
    classes: classesOf(path),
  }));

/** `mail-log.controller.ts` → 'controller'; `slug.ts` → null. */
const roleOf = (path: string): string | null =>
  basename(path)
    .replace(/\.tsx?$/, '')
    .split('.')
    .slice(1)
    .pop() ?? null;

describe('the module template', () => {
  it('finds the source files', () => {
    expect(files.filter((file) => file.path.endsWith('.controller.ts')).length).toBeGreaterThan(10);
  });

  it('a controller file declares its controllers and no other class (request and response classes live in dto/)', () => {
    const others = files
      .filter((file) => file.path.endsWith('.controller.ts'))
      .flatMap((file) => file.classes.filter((c) => !c.decorators.includes('Controller')).map((c) => `${file.path}: ${c.name}`));
    expect(others).toEqual([]);
  });

  it('every consumer handler (@HandlesConsumer) is a file of its own in a jobs/ folder', () => {
    const handlers = files.map((file) => ({ path: file.path, count: file.classes.filter((c) => c.decorators.includes('HandlesConsumer')).length }));
    expect(handlers.filter((file) => file.count > 0).length).toBeGreaterThan(10);
    expect(handlers.filter((file) => file.count > 0 && !file.path.includes('/jobs/')).map((file) => file.path)).toEqual([]);
    expect(handlers.filter((file) => file.count > 1).map((file) => file.path)).toEqual([]);
  });

  it(`every file declaring a Nest class carries its role suffix (${ROLES.join(', ')})`, () => {
    const unnamed = files
      .filter((file) => file.classes.some((c) => c.decorators.some((d) => NEST_DECORATORS.includes(d))))
      .filter((file) => !ROLES.includes(roleOf(file.path) ?? ''))
      .map((file) => file.path);
    expect(unnamed).toEqual([]);
  });

  it('one UUID check: route ids through UuidParam, other ids through isUuid (both in http/uuid.pipe.ts), never a pattern of their own', () => {
    const own = ['libs', 'apps']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((path) => !path.endsWith(join('http', 'uuid.pipe.ts')))
      .filter((path) => /ParseUUIDPipe|@IsUUID|\bisUUID\(|\[0-9a-f-\]\{36\}|\[0-9a-f\]\{8\}-|\[0-9A-F\]\{8\}-/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(own).toEqual([]);
  });

  it('no comment cites an issue number (a future reader cannot open it): it states the rule or the reason', () => {
    const code = ['libs', 'apps', 'frontend/src', 'test', 'e2e', 'scripts']
      .flatMap((dir) => allFiles(join(root, dir)))
      .filter((path) => /\.(tsx?|m?js)$/.test(path) && !path.endsWith('module-template.spec.ts'));
    const citing = code.filter((path) => /\b[Ii]ssues? #?\d+\b/.test(readFileSync(path, 'utf8'))).map((path) => relative(root, path));
    expect(citing).toEqual([]);
  });

  it('controllers live in *.controller.ts and modules in *.module.ts', () => {
    const misplaced = files.flatMap((file) =>
      file.classes.flatMap((c) => [
        ...(c.decorators.includes('Controller') && roleOf(file.path) !== 'controller' ? [`${file.path}: ${c.name}`] : []),
        ...(c.decorators.includes('Module') && roleOf(file.path) !== 'module' ? [`${file.path}: ${c.name}`] : []),
      ]),
    );
    expect(misplaced).toEqual([]);
  });
});
