import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The import boundaries of eslint.config.mjs, tried on files that would cross them (linted under
 * the path they would have; nothing is written). ESLint runs in its own process, once for every
 * probe (test/utils/lint-probes.mjs): its config is an ES module, which Jest's module loader
 * cannot import.
 */
const root = join(__dirname, '..');

type Probe = { filePath: string; source: string };

async function lint(probes: Probe[]): Promise<{ ruleId: string; message: string }[][]> {
  const child = spawn(process.execPath, [join(__dirname, 'utils', 'lint-probes.mjs')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stdin.end(JSON.stringify(probes));
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`lint-probes.mjs exited with ${code}`);
  return JSON.parse(stdout);
}

const crossings: [string, string, string, RegExp][] = [
  ['platform imports a business module', 'libs/platform/src/probe.ts', "export { WaitlistModule } from '@swishly/waitlist';", /bottom layer/],
  [
    'a module reaches into another past its index.ts',
    'libs/admin/src/probe.ts',
    "export { WaitlistService } from '../../waitlist/src/entries/waitlist.service';",
    /through its index\.ts/,
  ],
  ['a public module imports the back office', 'libs/waitlist/src/probe.ts', "export { AdminModule } from '@swishly/admin';", /never the other way round/],
  ['an app imports the other app', 'apps/worker/src/probe.ts', "export { ApiModule } from '../../api/src/api.module';", /never import each other/],
  ['a lib imports an app', 'libs/content/src/probe.ts', "export { ApiModule } from '../../../apps/api/src/api.module';", /never imports an app/],
  [
    'a frontend feature imports another',
    'frontend/src/features/site/probe.tsx',
    "export { WaitlistForm } from '@/features/waitlist/components/waitlist-form';",
    /never imports another feature/,
  ],
  [
    'an admin area imports another',
    'frontend/src/features/admin/waitlist/probe.tsx',
    "export { useErasePerson } from '@/features/admin/privacy/api/privacy';",
    /An admin area never imports another/,
  ],
  [
    'an admin area imports a feature',
    'frontend/src/features/admin/waitlist/probe.tsx',
    "export { WaitlistForm } from '@/features/waitlist/components/waitlist-form';",
    /never imports another feature/,
  ],
  [
    'a feature imports the admin shell',
    'frontend/src/features/site/probe.tsx',
    "export { AdminPage } from '@/features/admin/shell/components/admin-page';",
    /never imports another feature/,
  ],
  [
    'the admin shell imports an admin area',
    'frontend/src/features/admin/shell/probe.tsx',
    "export { useSession } from '@/features/admin/auth/api/auth';",
    /admin shell imports no admin area/,
  ],
  [
    'a shared layer imports a feature',
    'frontend/src/components/ui/probe.tsx',
    "export { default } from '@/features/admin/auth/components/admin-session-guard';",
    /Shared layers import no feature/,
  ],
];

const allowed: Probe[] = [
  { filePath: 'libs/admin/src/probe.ts', source: "export { WaitlistModule } from '@swishly/waitlist';" },
  { filePath: 'frontend/src/app/probe.tsx', source: "export { WaitlistForm } from '@/features/waitlist/components/waitlist-form';" },
  { filePath: 'frontend/src/features/admin/waitlist/probe.tsx', source: "export { AdminPage } from '@/features/admin/shell/components/admin-page';" },
  { filePath: 'frontend/src/app/probe.tsx', source: "export { useErasePerson } from '@/features/admin/privacy/api/privacy';" },
];

describe('import boundaries (eslint.config.mjs)', () => {
  const errors = new Map<Probe, string[]>();
  const probes: Probe[] = [...crossings.map(([, filePath, source]) => ({ filePath, source })), ...allowed];
  const boundaryErrors = (filePath: string, source: string) => errors.get(probes.find((p) => p.filePath === filePath && p.source === source)!)!;

  beforeAll(async () => {
    const messages = await lint(probes);
    probes.forEach((probe, index) =>
      errors.set(
        probe,
        messages[index].filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message),
      ),
    );
  });

  it.each(crossings)('refuses: %s', (_name, filePath, source, message) => {
    expect(boundaryErrors(filePath, source)).toEqual([expect.stringMatching(message)]);
  });

  it('allows a module to use another through its index.ts, app/ to compose features and admin areas, and an admin area to use the shell', () => {
    for (const { filePath, source } of allowed) expect(boundaryErrors(filePath, source)).toEqual([]);
  });
});
