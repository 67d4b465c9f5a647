import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The import boundaries of eslint.config.mjs, tried on files that would cross them (linted from
 * standard input under the path they would have; nothing is written). ESLint runs in its own
 * process: its config is an ES module, which Jest's module loader cannot import.
 */
const root = join(__dirname, '..');
const eslint = join(root, 'node_modules', '.bin', 'eslint');

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const child = spawn(eslint, ['--format', 'json', '--stdin', '--stdin-filename', filePath], { cwd: root });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stdin.end(source);
  await new Promise((resolve) => child.once('close', resolve));
  const [result] = JSON.parse(stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const crossings: [string, string, string, RegExp][] = [
  ['platform imports a business module', 'libs/platform/src/probe.ts', "export { WaitlistModule } from '@swishly/waitlist';", /bottom layer/],
  ['a module reaches into another past its index.ts', 'libs/admin/src/probe.ts', "export { WaitlistService } from '../../waitlist/src/entries/waitlist.service';", /through its index\.ts/],
  ['a public module imports the back office', 'libs/waitlist/src/probe.ts', "export { AdminModule } from '@swishly/admin';", /never the other way round/],
  ['an app imports the other app', 'apps/worker/src/probe.ts', "export { ApiModule } from '../../api/src/api.module';", /never import each other/],
  ['a lib imports an app', 'libs/content/src/probe.ts', "export { ApiModule } from '../../../apps/api/src/api.module';", /never imports an app/],
  ['a frontend feature imports another', 'frontend/src/features/site/probe.tsx', "export { WaitlistForm } from '@/features/waitlist/components/waitlist-form';", /never imports another feature/],
  ['a shared layer imports a feature', 'frontend/src/components/ui/probe.tsx', "export { default } from '@/features/admin/components/admin-session-guard';", /Shared layers import no feature/],
];

describe('import boundaries (eslint.config.mjs)', () => {
  it.each(crossings)('refuses: %s', async (_name, filePath, source, message) => {
    expect(await boundaryErrors(filePath, source)).toEqual([expect.stringMatching(message)]);
  });

  it('allows a module to use another through its index.ts, and app/ to compose features', async () => {
    expect(await boundaryErrors('libs/admin/src/probe.ts', "export { WaitlistModule } from '@swishly/waitlist';")).toEqual([]);
    expect(await boundaryErrors('frontend/src/app/probe.tsx', "export { WaitlistForm } from '@/features/waitlist/components/waitlist-form';")).toEqual([]);
  });
});
