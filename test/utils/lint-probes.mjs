// Lints source texts under the paths they would have (nothing is written), all in one ESLint
// process: reads [{ filePath, source }] as JSON on standard input, writes each one's messages
// ([{ ruleId, message }][]) as JSON on standard output. Run from the project's root.
// test/boundaries.spec.ts uses it: ESLint's config is an ES module, which Jest's module loader
// cannot import.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint();
const results = [];
for (const { filePath, source } of JSON.parse(input)) {
  const [result] = await eslint.lintText(`${source}\n`, { filePath });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
