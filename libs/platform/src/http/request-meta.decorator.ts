import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EventMetadata } from '../events/domain-event';

/** Who is acting in a request, as a guard that authenticated them records it (see `setRequestActor`). */
export interface RequestActor {
  type: 'admin' | 'api-key' | 'visitor';
  id: string | null;
}

type WithActor = FastifyRequest & { actor?: RequestActor };

/** Records who is acting (an authentication guard calls this); requests without one are visitors. */
export function setRequestActor(request: FastifyRequest, actor: RequestActor): void {
  (request as WithActor).actor = actor;
}

/** The request's id (which also starts the correlation), address and actor, for the metadata of the events it causes. */
export const RequestMeta = createParamDecorator((_: unknown, ctx: ExecutionContext): EventMetadata => {
  const request = ctx.switchToHttp().getRequest<WithActor>();
  const actor = request.actor ?? { type: 'visitor', id: null };
  return {
    requestId: String(request.id),
    correlationId: String(request.id),
    ip: request.ip,
    actorType: actor.type,
    actorId: actor.id,
  };
});
