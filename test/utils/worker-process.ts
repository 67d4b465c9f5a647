import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');

/** What each app prints once it serves: the API its address, the worker its health port. */
const READY: Record<'api' | 'worker', RegExp> = {
  api: /Ready at /,
  worker: /Worker health and metrics on port (\d+)/,
};

/** The server as Jest's global setup built it for these processes (scripts/build-for-tests.js). */
export const TEST_BUILD = join(root, 'data', 'test-build');

/**
 * apps/api or apps/worker as a real process (from the JavaScript Jest's global setup built,
 * not compiling TypeScript as it starts), so a test can run several and SIGKILL or SIGTERM one
 * the way an orchestrator does.
 */
export class AppProcess {
  private child?: ChildProcess;
  private output = '';
  healthPort = 0;
  exitCode: number | null | undefined;
  exitSignal: NodeJS.Signals | null | undefined;
  private exited?: Promise<void>;

  constructor(
    private readonly app: 'api' | 'worker',
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the app and waits until it serves (the API its port, the worker its health endpoint). */
  async start(): Promise<void> {
    this.exitCode = undefined;
    this.output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', join(TEST_BUILD, `apps/${this.app}/src/main.js`)], {
      cwd: root,
      env: { ...process.env, ...this.env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        resolve();
      }),
    );
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        const ready = READY[this.app].exec(this.output);
        if (ready) {
          this.healthPort = Number(ready[1] ?? 0);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', () => reject(new Error(`The ${this.app} exited during start:\n${this.output.slice(-2000)}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`The ${this.app} did not start in 90 s`)), 90_000)));
    await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  }

  /** Sends a signal and waits for the process to end; returns how long it took. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number> {
    if (!this.child || this.exitCode !== undefined) return 0;
    const started = Date.now();
    this.child.kill(signal);
    await this.exited;
    return Date.now() - started;
  }

  async health(path: '/health/live' | '/health/ready'): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`http://127.0.0.1:${this.healthPort}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  get log(): string {
    return this.output;
  }
}

/** apps/worker as a real process. */
export class WorkerProcess extends AppProcess {
  constructor(env: Record<string, string>) {
    super('worker', env);
  }
}
