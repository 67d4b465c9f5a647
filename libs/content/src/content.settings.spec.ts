import { loadConfig } from '@swishly/platform';
import { ContentSettings } from './content.settings';

const parse = (env: Record<string, string>) => ContentSettings.schema.parse(env);

describe('ContentSettings', () => {
  it('are all optional: unset or blank, nothing is shown', () => {
    expect(parse({})).toEqual({});
    expect(() => loadConfig({ COMPANY_LEGAL_NAME: '', APP_STORE_URL: '' }, [ContentSettings])).not.toThrow();
  });

  it('take the legal identity, store listings and social profiles', () => {
    const env = {
      COMPANY_LEGAL_NAME: ' Swishly Oy ',
      COMPANY_BUSINESS_ID: '1234567-8',
      COMPANY_ADDRESS: 'Mannerheimintie 1, 00100 Helsinki, Finland',
      PRIVACY_EMAIL: 'privacy@swishly.app',
      APP_STORE_URL: 'https://apps.apple.com/fi/app/swishly/id6400000000',
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=app.swishly',
      INSTAGRAM_URL: 'https://www.instagram.com/swishly.app',
      TIKTOK_URL: 'https://www.tiktok.com/@swishly.app',
      YOUTUBE_URL: 'https://www.youtube.com/@swishly',
    };
    expect(parse(env)).toEqual({ ...env, COMPANY_LEGAL_NAME: 'Swishly Oy' });
  });

  it('refuses an address that is not https, or not on the store or network it is for, naming the variable', () => {
    expect(() => loadConfig({ APP_STORE_URL: 'http://apps.apple.com/app/id1' }, [ContentSettings])).toThrow(/APP_STORE_URL: must be an https:\/\/ URL/);
    expect(() => loadConfig({ APP_STORE_URL: 'https://play.google.com/store/apps/details?id=x' }, [ContentSettings])).toThrow(
      /APP_STORE_URL: must be an https:\/\/ URL on apple.com/,
    );
    expect(() => loadConfig({ GOOGLE_PLAY_URL: 'swishly' }, [ContentSettings])).toThrow(/GOOGLE_PLAY_URL/);
    expect(() => loadConfig({ INSTAGRAM_URL: 'javascript:alert(1)' }, [ContentSettings])).toThrow(/INSTAGRAM_URL/);
    expect(() => loadConfig({ TIKTOK_URL: 'https://tiktok.com.evil.example/@x' }, [ContentSettings])).toThrow(/TIKTOK_URL/);
    expect(() => loadConfig({ YOUTUBE_URL: 'https://notyoutube.com/@x' }, [ContentSettings])).toThrow(/YOUTUBE_URL/);
  });

  it('refuses a privacy contact that is not an email address, and text too long to show', () => {
    expect(() => loadConfig({ PRIVACY_EMAIL: 'privacy at swishly' }, [ContentSettings])).toThrow(/PRIVACY_EMAIL: must be an email address/);
    expect(() => loadConfig({ COMPANY_BUSINESS_ID: 'x'.repeat(41) }, [ContentSettings])).toThrow(/COMPANY_BUSINESS_ID/);
  });
});
