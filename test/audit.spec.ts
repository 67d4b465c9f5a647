import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';

// scripts/audit.js (run by `npm test`) through npm's own `npm audit`, pointed at a loopback
// registry that plays npm's advisory service.

type Answer = { status: number; advisories?: object };

async function fakeRegistry(answer: Answer): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.includes('/-/npm/v1/security/advisories/bulk')) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.status === 200 ? JSON.stringify(answer.advisories) : '');
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}'); // packuments: none
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function audit(answer: Answer, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const { url, server } = await fakeRegistry(answer);
  try {
    const child = spawn(
      process.execPath,
      [join(__dirname, '..', 'scripts', 'audit.js'), '--registry', url, '--cache', mkdtempSync(join(tmpdir(), 'npm-cache-'))],
      { env: { ...process.env, ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, output };
  } finally {
    server.close();
  }
}

const critical = {
  pg: [
    {
      id: Date.now(),
      url: 'https://advisories.test/1',
      title: 'Remote code execution in pg',
      severity: 'critical',
      vulnerable_versions: '>=0.0.0',
      cwe: [],
      cvss: { score: 9.8, vectorString: null },
    },
  ],
};
const moderate = {
  pg: [
    {
      id: Date.now() + 1,
      url: 'https://advisories.test/2',
      title: 'A moderate issue',
      severity: 'moderate',
      vulnerable_versions: '>=0.0.0',
      cwe: [],
      cvss: { score: 5, vectorString: null },
    },
  ],
};

describe('npm audit of production dependencies (scripts/audit.js)', () => {
  jest.setTimeout(120_000);

  it('fails on a high or critical advisory, naming the package', async () => {
    const { code, output } = await audit({ status: 200, advisories: critical });
    expect(code).toBe(1);
    expect(output).toMatch(/critical: pg \(Remote code execution in pg[;)]/);
  });

  it('passes with only lower advisories, or none', async () => {
    expect((await audit({ status: 200, advisories: moderate })).code).toBe(0);
    const clean = await audit({ status: 200, advisories: {} });
    expect([clean.code, clean.output]).toEqual([0, expect.stringContaining('npm audit --omit=dev: ')]);
  });

  it('says loudly when the advisory service cannot be reached, and fails then only when asked to', async () => {
    const unreachable = await audit({ status: 405 });
    expect(unreachable.code).toBe(0);
    expect(unreachable.output).toContain('production dependencies NOT checked');
    expect((await audit({ status: 405 }, { AUDIT_REQUIRED: '1' })).code).toBe(1);
  });
});
