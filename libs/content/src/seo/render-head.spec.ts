import type { SiteConfig } from '@swishly/site-config';
import { pageMetaFor } from './page-meta';
import { renderHead } from './render-head';

const hostile = '</script><script>alert(1)</script><!-- \u2028';

function siteConfigScripts(head: string): string[] {
  return [...head.matchAll(/<script type="application\/json" id="site-config">([^]*?)<\/script>/g)].map((match) => match[1]);
}

describe('renderHead: the site configuration for the frontend', () => {
  const config: SiteConfig = {
    samples: false,
    company: { legalName: `Evil ${hostile} Oy`, address: 'Street & "quoted" <b>' },
    stores: { ios: 'https://apps.apple.com/app/id1' },
    social: {},
  };

  it('is one JSON script that reads back unchanged', () => {
    const head = renderHead(pageMetaFor('/', 'Swishly'), { brand: 'Swishly', publicUrl: 'https://swishly.example', siteConfig: config });
    const scripts = siteConfigScripts(head);
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0])).toEqual(config);
  });

  it('cannot be closed or changed from inside: no "<" and no line separators in the element', () => {
    const head = renderHead(pageMetaFor('/about', 'Swishly'), {
      brand: 'Swishly',
      publicUrl: 'https://swishly.example',
      siteConfig: config,
    });
    const [json] = siteConfigScripts(head);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<!--');
    // Everything after the element is what renderHead wrote, not the configured text.
    expect(head.split('id="site-config">')[1].indexOf('</script>')).toBe(json.length);
  });

  it('is left out when there is none', () => {
    const head = renderHead(pageMetaFor('/', 'Swishly'), { brand: 'Swishly', publicUrl: 'https://swishly.example' });
    expect(head).not.toContain('site-config');
  });
});
