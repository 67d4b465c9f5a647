import { pageTitle, SITE_PAGES, sitePageFor } from '@swishly/site-pages';
import { pageMetaFor } from '@swishly/content';

/** The one route table (frontend/src/config/site-pages.ts), as the router and the server read it. */
describe('site pages', () => {
  it('finds the page of a path by the router patterns, unknown paths last', () => {
    expect(sitePageFor('/').name).toBe('home');
    expect(sitePageFor('/about/').name).toBe('about');
    expect(sitePageFor('/download').name).toBe('downloadDirect');
    expect(sitePageFor('/download/tiktok').name).toBe('download');
    expect(sitePageFor('/resources/three-point-form').name).toBe('resourceArticle');
    expect(sitePageFor('/admin/login').name).toBe('adminLogin');
    expect(sitePageFor('/admin').name).toBe('adminDashboard');
    expect(sitePageFor('/admin/creator-codes').name).toBe('adminCreatorCodes');
    expect(sitePageFor('/admin/resources/new').name).toBe('adminResourceNew');
    expect(sitePageFor('/admin/resources/abc').name).toBe('adminResource');
    expect(sitePageFor('/admin/nothing-here').name).toBe('notFound');
    expect(sitePageFor('/hbf/ABC123').name).toBe('hbfForm');
    expect(sitePageFor('/nothing/here').name).toBe('notFound');
  });

  it('gives the client and the server the same title', () => {
    expect(pageTitle(SITE_PAGES.privacyPolicy.title, 'Hoopster')).toBe('Privacy Policy – Hoopster');
    expect(pageMetaFor('/privacy-policy', 'Hoopster').title).toBe('Privacy Policy – Hoopster');
    expect(pageMetaFor('/', 'Hoopster').title).toBe('Hoopster – AI Basketball Shooting Coach | Train like the Pros');
    expect(pageTitle('', 'Hoopster')).toBe('Hoopster – AI Basketball Shooting Coach | Train like the Pros');
    expect(pageMetaFor('/download', 'Hoopster')).toMatchObject({ title: 'Download Hoopster – Your AI Basketball Coach', canonicalPath: '/download/direct' });
  });

  it('keeps non-public pages out of search engines', () => {
    for (const path of ['/hbf/X', '/shot-feedback/X', '/admin', '/admin/login', '/nope']) expect(pageMetaFor(path, 'S').indexable).toBe(false);
    expect(pageMetaFor('/nope', 'S').notFound).toBe(true);
  });
});
