import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The answers that are staff's or a person's own: the admin API and the queue dashboard's, the
 * session and sign-in, and the self-service privacy requests (an export is all of a person's data).
 */
const PRIVATE = /^\/(?:api\/admin|api\/auth|api\/privacy|admin\/queues\/api)(?:\/|$)/;

/** Whether the answer to `url` is one a browser or a proxy must never keep (PRIVATE). */
export function isPrivateAnswer(url: string): boolean {
  return PRIVATE.test(url.split('?')[0]);
}

/**
 * `Cache-Control: no-store` on every answer that holds personal or staff data, in one place
 * rather than route by route: forced on the private answers (isPrivateAnswer), whatever their
 * route said; and the default of every other API answer (a member's status, their shot and
 * chat hold their data too) unless its route chose its own.
 */
export function keepPrivateAnswersUncached(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (isPrivateAnswer(request.url) || (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
