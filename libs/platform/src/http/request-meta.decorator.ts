import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EventMetadata } from '../events/domain-event';

/** The request's id and address, for the metadata of the events it causes. */
export const RequestMeta = createParamDecorator((_: unknown, ctx: ExecutionContext): EventMetadata => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest & { adminUser?: { id: string } }>();
  const admin = request.adminUser;
  return {
    requestId: String(request.id),
    ip: request.ip,
    actorType: admin ? 'admin' : 'visitor',
    actorId: admin?.id ?? null,
  };
});
