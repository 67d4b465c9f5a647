import { Controller, Get, Header, Logger, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { apiError } from '@swishly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SiteService } from './site.service';

@ApiExcludeController()
@Controller()
export class SiteController {
  private readonly logger = new Logger('Site');

  constructor(private readonly site: SiteService) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  sitemap(): string {
    return this.site.sitemapXml();
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return this.site.robotsTxt();
  }

  /** Every other GET: the app's HTML for pages, a JSON 404 for the API and missing files. */
  @Get('*')
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const path = decodeURIComponent(request.url.split('?')[0]);
    if (path === '/api' || path.startsWith('/api/')) throw apiError(404, `No API route ${path}`, 'not_found');
    if (/\.[a-z0-9]{1,8}$/i.test(path)) throw apiError(404, `No file ${path}`, 'not_found');
    const { status, html } = this.site.render(path);
    if (status === 404) this.logger.warn({ path }, 'Unknown page requested');
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .send(html);
  }
}
