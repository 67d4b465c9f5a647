import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { HashLink } from '@/components/ui/hash-link';
import { InstagramIcon, TikTokIcon, YouTubeIcon } from '@/components/ui/social-icons';
import { brandName } from '@/lib/brand';
import { footerColumns, socialLinks, type FooterItem, type SocialNetwork } from './navigation';

const socialIcons: Record<SocialNetwork, typeof InstagramIcon> = {
  instagram: InstagramIcon,
  tiktok: TikTokIcon,
  youtube: YouTubeIcon,
};

const linkClass = 'rounded-sm text-sm text-muted transition-colors hover:text-foreground';

function FooterEntry({ item }: { item: FooterItem }) {
  switch (item.kind) {
    case 'route':
      return (
        <Link to={item.to} className={linkClass}>
          {item.label}
        </Link>
      );
    case 'section':
      return (
        <HashLink section={item.section} className={linkClass}>
          {item.label}
        </HashLink>
      );
    case 'soon':
      return (
        <span className="inline-flex items-center gap-2 text-sm text-muted" data-coming-soon="true">
          {item.label}
          <span className="rounded-full border border-border px-2 py-0.5 text-[0.6875rem] leading-none font-semibold tracking-wide whitespace-nowrap">
            Coming soon
          </span>
        </span>
      );
  }
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_repeat(4,1fr)] lg:gap-8">
          <div className="max-w-xs">
            <Link to="/" aria-label={`${brandName} home`} className="-m-1 inline-flex rounded-md p-1">
              <BrandLogo />
            </Link>
            <p className="mt-4 text-sm text-muted">Your AI basketball shooting coach. See your shot, understand your form, and train with precision.</p>
            {socialLinks.length > 0 ? (
              <ul className="mt-6 flex items-center gap-2" aria-label="Social media">
                {socialLinks.map(({ network, label, href }) => {
                  const Icon = socialIcons[network];
                  return (
                    <li key={network}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`${brandName} on ${label} (opens in a new tab)`}
                        className="inline-flex size-10 items-center justify-center rounded-full border border-border text-muted transition-colors hover:border-border-strong hover:text-foreground"
                      >
                        <Icon className="size-[1.125rem]" />
                      </a>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {footerColumns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.items.map((item) => (
                    <li key={item.label}>
                      <FooterEntry item={item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {brandName}. All rights reserved.
          </p>
          <p>Made for hoopers, built in Finland.</p>
        </div>
      </div>
    </footer>
  );
}
