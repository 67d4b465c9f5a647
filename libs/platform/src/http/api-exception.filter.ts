import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { StreamVersionConflictError } from '../events/errors';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Every API error leaves as `{ "error": "human message", "code": "..." }`. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }

  private describe(exception: unknown): { status: number; body: { error: string; code: string } } {
    if (exception instanceof StreamVersionConflictError) {
      return { status: 409, body: { error: 'This was changed at the same time by someone else. Please try again.', code: exception.code } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const fromResponse = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
      const raw = fromResponse.error && typeof fromResponse.message === 'undefined' ? fromResponse.error : (fromResponse.message ?? response);
      const error = Array.isArray(raw) ? raw.join('. ') : String(raw);
      const code = typeof fromResponse.code === 'string' ? fromResponse.code : (CODES[status] ?? 'error');
      return { status, body: { error, code } };
    }
    const status = (exception as { statusCode?: number })?.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own errors (malformed JSON, body too large, wrong content type; their codes are
      // FST_...), and ours from before routing (hostile-input.ts, with a code of our style).
      const own = (exception as { code?: unknown }).code;
      const code = typeof own === 'string' && /^[a-z_]+$/.test(own) ? own : (CODES[status] ?? 'bad_request');
      return { status, body: { error: (exception as Error).message, code } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Something went wrong on our side. Please try again.', code: 'internal' } };
  }
}

/** Throws an HttpException whose body carries our stable error code. */
export function apiError(status: number, error: string, code = CODES[status] ?? 'error'): HttpException {
  return new HttpException({ message: error, code }, status);
}
