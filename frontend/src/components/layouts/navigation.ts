import type { SocialNetwork } from '@/config/site-config';
import { socialUrl } from '@/lib/site-config';

// Navigation and footer copy of the marketing layout (spec §2 "Shared chrome").

export const MOBILE_DRAWER_ID = 'mobile-navigation-drawer';

export interface SectionItem {
  label: string;
  /** Section id on the home page. */
  section: string;
}

export interface RouteItem {
  label: string;
  to: string;
}

/** 'How It Works' menu: every item leads to the product section of the home page. */
export const howItWorksItems: SectionItem[] = [
  { label: 'Real-time Feedback', section: 'product' },
  { label: 'Motion Analysis & Biomechanics', section: 'product' },
  { label: 'Form Breakdown', section: 'product' },
];

export const headerLinks: RouteItem[] = [
  { label: 'Resources', to: '/resources' },
  { label: 'Our Vision', to: '/our-vision' },
  { label: 'Contact Us', to: '/contact' },
];

export type FooterItem = { kind: 'route'; label: string; to: string } | { kind: 'section'; label: string; section: string } | { kind: 'soon'; label: string };

export interface FooterColumn {
  title: string;
  items: FooterItem[];
}

export const footerColumns: FooterColumn[] = [
  {
    title: 'Company',
    items: [
      { kind: 'route', label: 'About', to: '/about' },
      { kind: 'soon', label: 'Press' },
      { kind: 'soon', label: 'Careers' },
      { kind: 'route', label: 'Contact Us', to: '/contact' },
    ],
  },
  {
    title: 'Product',
    items: [
      { kind: 'section', label: 'Real-time Feedback', section: 'product' },
      { kind: 'section', label: 'Motion Analysis', section: 'product' },
      { kind: 'section', label: 'Form Breakdown', section: 'product' },
    ],
  },
  {
    title: 'Resources',
    items: [
      { kind: 'route', label: 'Blog', to: '/resources' },
      { kind: 'route', label: 'Support', to: '/contact' },
      { kind: 'soon', label: 'Guide' },
    ],
  },
  {
    title: 'Legal',
    items: [
      { kind: 'route', label: 'Privacy Policy', to: '/privacy-policy' },
      { kind: 'route', label: 'Terms of Service', to: '/terms-of-service' },
    ],
  },
];

export type { SocialNetwork };

const socialNetworks: { network: SocialNetwork; label: string }[] = [
  { network: 'instagram', label: 'Instagram' },
  { network: 'tiktok', label: 'TikTok' },
  { network: 'youtube', label: 'YouTube' },
];

/** The footer's social links: only the networks with a configured profile (INSTAGRAM_URL, TIKTOK_URL, YOUTUBE_URL). */
export const socialLinks: { network: SocialNetwork; label: string; href: string }[] = socialNetworks.flatMap(({ network, label }) => {
  const href = socialUrl(network);
  return href ? [{ network, label, href }] : [];
});
