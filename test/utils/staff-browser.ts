import { NestFastifyApplication } from '@nestjs/platform-fastify';

let ipCounter = 0;
/** Each test's browser from its own address unless it says otherwise (the limits count per address). */
export const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@swishly.test`;
export const PASSWORD = 'Court-Vision-42';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface InjectAnswer {
  statusCode: number;
  cookies: { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; expires?: Date }[];
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One browser: its cookies (as the answers set and clear them) and its address. */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly api: NestFastifyApplication,
    readonly ip = freshIp(),
  ) {}

  async call(method: Method, url: string, payload?: object): Promise<InjectAnswer> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.jar.get('csrf_token') ?? '';
    const answer = await this.api.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : (payload ?? {}),
      headers: { cookie, 'x-csrf-token': csrf },
      remoteAddress: this.ip,
    });
    for (const c of answer.cookies as InjectAnswer['cookies']) {
      if (c.value === '' || (c.expires && c.expires.getTime() <= Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return answer as unknown as InjectAnswer;
  }

  login(email: string, password = PASSWORD) {
    return this.call('POST', '/api/auth/login', { email, password });
  }
}
