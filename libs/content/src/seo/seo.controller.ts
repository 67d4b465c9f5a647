import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SeoService } from './seo.service';

/** What crawlers read besides the pages (whose head tags the API's site controller renders). */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  sitemap(): Promise<string> {
    return this.seo.sitemapXml();
  }

  @Get('rss.xml')
  @Header('content-type', 'application/rss+xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=600')
  rss(): Promise<string> {
    return this.seo.rssXml();
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return this.seo.robotsTxt();
  }
}
