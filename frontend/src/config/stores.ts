// Store listings the download badges open (spec §4 "Download tracking flow").
// TODO(team): replace with the real listings once the app is published. Until then these
// point at listing URLs that do not resolve to any other app (Apple id 0 does not exist,
// and the Play package id is reserved for our own app).

/** App Store listing for iOS. */
export const APP_STORE_URL = 'https://apps.apple.com/app/id0000000000';

/** Google Play listing for Android. */
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=com.swishly.app';

export const STORE_URLS = {
  ios: APP_STORE_URL,
  android: GOOGLE_PLAY_URL,
} as const;

export type StorePlatform = keyof typeof STORE_URLS;
