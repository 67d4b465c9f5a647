import { founders, testimonials } from '@swishly/people';
import { ContentSettings } from '../content.settings';
import { ContentSettingsValues, missingContent, missingContentWarning, siteConfigFor } from './site-config';

const ALL_SET: ContentSettingsValues = {
  COMPANY_LEGAL_NAME: 'Swishly Oy',
  COMPANY_BUSINESS_ID: '1234567-8',
  COMPANY_ADDRESS: 'Mannerheimintie 1, 00100 Helsinki',
  PRIVACY_EMAIL: 'privacy@swishly.app',
  APP_STORE_URL: 'https://apps.apple.com/app/id6400000000',
  GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=app.swishly',
  INSTAGRAM_URL: 'https://www.instagram.com/swishly.app',
  TIKTOK_URL: 'https://www.tiktok.com/@swishly.app',
  YOUTUBE_URL: 'https://www.youtube.com/@swishly',
};
const REAL_PEOPLE = {
  testimonials: [{ quote: 'It works.', name: 'Real Player', detail: 'U18 guard' }, ...testimonials],
  founders: [{ name: 'Real Founder', role: 'CEO', description: 'Runs it.', photo: '/team/real.jpg', profileUrl: 'https://www.linkedin.com/in/real' }],
};

describe('site configuration', () => {
  it('tells the frontend only what is configured, and shows samples in development only', () => {
    const config = siteConfigFor({ COMPANY_LEGAL_NAME: 'Swishly Oy', INSTAGRAM_URL: ALL_SET.INSTAGRAM_URL }, 'production');
    expect(JSON.parse(JSON.stringify(config))).toEqual({
      samples: false,
      company: { legalName: 'Swishly Oy' },
      stores: {},
      social: { instagram: ALL_SET.INSTAGRAM_URL },
    });
    expect(siteConfigFor({}, 'development').samples).toBe(true);
    expect(siteConfigFor({}, 'test').samples).toBe(false); // browser tests see what visitors see
    expect(siteConfigFor(ALL_SET, 'production')).toMatchObject({
      stores: { ios: ALL_SET.APP_STORE_URL, android: ALL_SET.GOOGLE_PLAY_URL },
      social: { tiktok: ALL_SET.TIKTOK_URL, youtube: ALL_SET.YOUTUBE_URL },
      company: { businessId: '1234567-8', address: ALL_SET.COMPANY_ADDRESS, privacyEmail: 'privacy@swishly.app' },
    });
  });

  it('names each unset setting and each list of people with only samples', () => {
    expect(missingContent({})).toEqual([...ContentSettings.keys, 'testimonials: only samples', 'founders: only samples']);
    expect(missingContent({ ...ALL_SET, TIKTOK_URL: undefined, PRIVACY_EMAIL: undefined }, REAL_PEOPLE)).toEqual(['PRIVACY_EMAIL', 'TIKTOK_URL']);
    expect(missingContent(ALL_SET, REAL_PEOPLE)).toEqual([]);
    expect(missingContent(ALL_SET, { testimonials: [], founders: REAL_PEOPLE.founders })).toEqual(['testimonials: only samples']);
  });

  it('today every testimonial and founder is a sample', () => {
    expect(testimonials.length).toBeGreaterThan(0);
    expect(testimonials.every((entry) => entry.sample)).toBe(true);
    expect(founders.every((entry) => entry.sample)).toBe(true);
  });

  it('warns once at a production start, naming everything missing; never elsewhere or when nothing is', () => {
    const warning = missingContentWarning('production', {});
    expect(warning).toMatch(/^Content still missing/);
    for (const key of ContentSettings.keys) expect(warning).toContain(key);
    expect(warning).toContain('testimonials: only samples');
    expect(warning).toContain('founders: only samples');
    expect(missingContentWarning('development', {})).toBeNull();
    expect(missingContentWarning('test', {})).toBeNull();
    expect(missingContentWarning('production', ALL_SET, REAL_PEOPLE)).toBeNull();
    expect(missingContentWarning('production', ALL_SET)).toMatch(/: testimonials: only samples, founders: only samples$/);
  });
});
