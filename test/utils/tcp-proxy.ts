import { AddressInfo, createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (Redis here). `down()` cuts every connection and
 * refuses new ones, as if the server died; `up()` lets traffic through again.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private started = false;
  /** Below Linux's ephemeral range, so no outgoing connection takes it while the proxy is down. */
  port = 20000 + Math.floor(Math.random() * 12000);

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    // A port of that range may be some other service's (RabbitMQ's 25672 is): another is tried.
    for (let attempt = 0; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(this.port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        // Only before the first start: once clients hold the URL, the port must stay.
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || this.started || attempt >= 20) throw error;
        this.port = 20000 + Math.floor(Math.random() * 12000);
      }
    }
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    this.started = true;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}
