import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@swishly/platform';
import { SeoService } from '@swishly/content';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HEAD_SLOT = '<!--app-head-->';

/** Serves the built single-page app with each page's own head tags already in the HTML. */
@Injectable()
export class SiteService {
  private template?: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seo: SeoService,
  ) {}

  private indexHtml(): string {
    // Read once in production; re-read in development so a rebuilt frontend shows up.
    if (this.template && this.config.NODE_ENV === 'production') return this.template;
    try {
      this.template = readFileSync(join(resolve(this.config.FRONTEND_DIST), 'index.html'), 'utf8');
    } catch {
      this.template = `<!doctype html><html lang="en"><head>${HEAD_SLOT}</head><body><p>The frontend is not built yet: run <code>npm run build:frontend</code>.</p></body></html>`;
    }
    return this.template;
  }

  async render(path: string): Promise<{ status: number; html: string }> {
    const meta = await this.seo.pageMeta(path);
    const head = this.seo.head(meta);
    // A function, not the string: the head holds the URL and what staff wrote, and a string would
    // have its `$&`, `` $` `` and `$'` read as the slot, the template before it and after it.
    const html = this.indexHtml().replace(HEAD_SLOT, () => head);
    return { status: meta.notFound ? 404 : 200, html };
  }
}
