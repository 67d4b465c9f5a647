import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/config';

/**
 * What the logs may say (README, "Personal data"): never an email address, a token or a raw IP.
 * Request lines keep the path and the names of the query's parameters, never their values
 * (confirmation, status and reset links carry their tokens there), and every string a log line
 * carries has its email addresses replaced, whoever wrote the line (a provider's error message
 * quotes the address it refused).
 */
export const REDACTED = '[redacted]';
export const REDACTED_EMAIL = '[email]';

// Local part and domain as RFC 5322 allows them in practice, with letters and digits of any script
// (RFC 6531: İlker@, ΣΟΦΟΣ@, ｍａｒｉａ@ and their marks); a domain needs a dot.
const EMAIL = /[\p{L}\p{M}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;
// Percent-encoded: someone%40example.com
const ENCODED_EMAIL = /[A-Za-z0-9._%+-]+%40[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;

/** A request URL for the logs: the path as it is, each query value replaced (`/x?token=[redacted]`). */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const question = url.indexOf('?');
  if (question === -1) return scrubText(url);
  const names = url
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${scrubText(pair.split('=')[0])}=${REDACTED}`);
  return `${scrubText(url.slice(0, question))}?${names.join('&')}`;
}

/** A text with its email addresses replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, REDACTED_EMAIL).replace(ENCODED_EMAIL, REDACTED_EMAIL);
}

/**
 * A log line's value with every email address replaced: strings, plain objects and arrays however
 * deep, errors' messages and stacks. Other objects (a request, a socket) are left to their
 * serializers, which pick what is logged of them.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) {
    const scrubbed = new Error(scrubText(value.message));
    scrubbed.name = value.name;
    scrubbed.stack = value.stack === undefined ? undefined : scrubText(value.stack);
    return Object.assign(scrubbed, scrubValue({ ...value }, depth + 1));
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1)]));
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id: the caller's X-Request-Id when sane, else a new one. Shared by Fastify and pino. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  return id;
}

/** Nest's own start-up chatter (one line per module, controller and route): kept out of development logs. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** The options of every process's logger (pino through nestjs-pino): one JSON object per line, or readable lines in development. */
export function loggingOptions(config: AppConfig, role: string): Options {
  const development = config.NODE_ENV === 'development';
  return {
    level: config.LOG_LEVEL,
    base: { service: role, brand: config.BRAND_NAME },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number) {
        const context = (args[0] as { context?: string } | undefined)?.context;
        if (development && level <= 30 && context && START_UP_CONTEXTS.has(context)) return;
        method.apply(this, args.map((arg) => scrubValue(arg)) as unknown[]);
      },
    },
    ...(development
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              singleLine: true,
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname,service,brand,context,req,res,responseTime',
              messageFormat: '[{service}] {msg}',
            },
          },
        }
      : {}),
  };
}
