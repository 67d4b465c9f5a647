import * as Switch from '@radix-ui/react-switch';
import { clsx } from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { type RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { HashLink } from '@/components/ui/hash-link';
import { SideDrawer, SideDrawerTitle } from '@/components/ui/side-drawer';
import { useTheme } from '@/lib/theme';
import { headerLinks, howItWorksItems, MOBILE_DRAWER_ID } from './navigation';

const itemClass = 'flex min-h-12 w-full items-center rounded-xl px-3 text-base font-medium text-foreground transition-colors hover:bg-surface';

/**
 * The side drawer that replaces the header's items under 768 px: a Radix dialog (focus
 * trapped, Escape and the overlay close it) with the same links and a Theme switch.
 * Loaded on demand by MobileNav.
 */
export default function MobileDrawer({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { theme, setTheme } = useTheme();

  return (
    <SideDrawer
      id={MOBILE_DRAWER_ID}
      open={open}
      onOpenChange={onOpenChange}
      triggerRef={triggerRef}
      title={
        <>
          <SideDrawerTitle className="sr-only">Menu</SideDrawerTitle>
          <BrandLogo />
        </>
      }
    >
      {(closeAfterNavigation) => (
        <>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <p id="mobile-how-it-works" className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted uppercase">
              How It Works
            </p>
            <ul aria-labelledby="mobile-how-it-works" className="mb-3">
              {howItWorksItems.map((item) => (
                <li key={item.label}>
                  <HashLink section={item.section} className={itemClass} onClick={closeAfterNavigation}>
                    {item.label}
                  </HashLink>
                </li>
              ))}
            </ul>
            <ul className="border-t border-border pt-3">
              {headerLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={closeAfterNavigation} className={({ isActive }) => clsx(itemClass, isActive && 'text-brand')}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex shrink-0 items-center justify-between gap-4 border-t border-border px-6 py-5">
            <div>
              <span id="mobile-theme-label" className="block text-base font-semibold">
                Theme
              </span>
              <span id="mobile-theme-value" className="text-sm text-muted">
                {theme === 'dark' ? 'Dark' : 'Light'}
              </span>
            </div>
            <Switch.Root
              checked={theme === 'dark'}
              onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
              aria-labelledby="mobile-theme-label"
              aria-describedby="mobile-theme-value"
              className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border border-border-strong bg-surface transition-colors data-[state=checked]:border-brand-solid data-[state=checked]:bg-brand-solid"
            >
              <Switch.Thumb className="pointer-events-none flex size-6 translate-x-0.5 items-center justify-center rounded-full bg-white text-slate-900 shadow transition-transform duration-200 data-[state=checked]:translate-x-[1.625rem]">
                {theme === 'dark' ? <Moon className="size-3.5" aria-hidden="true" /> : <Sun className="size-3.5" aria-hidden="true" />}
              </Switch.Thumb>
            </Switch.Root>
          </div>
        </>
      )}
    </SideDrawer>
  );
}
