import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { apiError } from '@swishly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SiteService } from './site.service';

/**
 * The single-page app for every page path, with that page's head tags (libs/content's SEO).
 * Registered by the API app itself: its catch-all route is the HTTP entry's business.
 */
@ApiExcludeController()
@Controller()
export class SiteController {
  private readonly logger = new Logger('Site');

  constructor(private readonly site: SiteService) {}

  /** Every other GET: the app's HTML for pages, a JSON 404 for the API and missing files. */
  @Get('*')
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = decodeURIComponent(request.url.split('?')[0]); // Fastify has refused a broken %-escape already (400)
    if (path === '/api' || path.startsWith('/api/')) throw apiError(404, `No API route ${path}`, 'not_found');
    if (/\.[a-z0-9]{1,8}$/i.test(path)) throw apiError(404, `No file ${path}`, 'not_found');
    const { status, html } = await this.site.render(path);
    if (status === 404) this.logger.warn({ path }, 'Unknown page requested');
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache, no-store, must-revalidate').send(html);
  }
}
