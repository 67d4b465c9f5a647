import { clsx } from 'clsx';
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { brandName } from '@/lib/brand';
import { HowItWorksChevron, howItWorksTriggerClass } from './how-it-works-trigger';
import { MobileNav } from './mobile-nav';
import { headerLinks } from './navigation';

/** Spec §9: the header becomes more opaque after 50 px of scrolling. */
export const HEADER_OPAQUE_AFTER_PX = 50;

type MenuComponent = ComponentType<{ defaultOpen?: boolean; focusTrigger?: boolean; focusFirstItem?: boolean; hovered?: boolean }>;

// The Radix navigation menu is fetched when the visitor points at or
// focuses the 'How It Works' button; until then a look-alike button stands in.
let loadedMenu: MenuComponent | null = null;
let menuPromise: Promise<MenuComponent> | null = null;
function loadMenu(): Promise<MenuComponent> {
  menuPromise ??= import('./how-it-works-menu').then((module) => {
    loadedMenu = module.HowItWorksMenu;
    return loadedMenu;
  });
  return menuPromise;
}

function HowItWorks() {
  const standInRef = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<{ Component: MenuComponent; open: boolean; focus: boolean; keyboard: boolean; hovered: boolean } | null>(() =>
    loadedMenu ? { Component: loadedMenu, open: false, focus: false, keyboard: false, hovered: false } : null,
  );
  // Whether a mouse pointer rests on the stand-in (the menu then starts its hover delay).
  const hovered = useRef(false);
  // An open request made before the menu code arrived: null, or whether it came from the keyboard.
  const openRequest = useRef<null | { keyboard: boolean }>(null);

  const activate = () => {
    loadMenu()
      .then((Component) => {
        const focus = document.activeElement === standInRef.current;
        const request = openRequest.current;
        setMenu((current) => current ?? { Component, open: request !== null, focus, keyboard: request?.keyboard ?? false, hovered: hovered.current });
      })
      .catch((error: unknown) => {
        menuPromise = null;
        console.warn('Could not load the navigation menu:', error);
      });
  };

  if (menu) {
    const { Component, open, focus, keyboard } = menu;
    return <Component defaultOpen={open} focusTrigger={focus || open} focusFirstItem={open && keyboard} hovered={menu.hovered} />;
  }

  const requestOpen = (keyboard: boolean) => {
    openRequest.current = { keyboard };
    activate();
  };

  return (
    <button
      ref={standInRef}
      type="button"
      aria-expanded="false"
      data-state="closed"
      data-placeholder="true"
      className={howItWorksTriggerClass}
      onPointerEnter={(event) => {
        hovered.current = event.pointerType === 'mouse';
        activate();
      }}
      onPointerLeave={() => {
        hovered.current = false;
      }}
      onFocus={activate}
      // A click from Enter/Space has detail 0.
      onClick={(event) => requestOpen(event.detail === 0)}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          requestOpen(true);
        }
      }}
    >
      How It Works
      <HowItWorksChevron />
    </button>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx('rounded-full px-3 py-2 text-sm font-medium transition-colors', isActive ? 'text-brand' : 'text-foreground hover:bg-surface');

export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_OPAQUE_AFTER_PX);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={clsx(
        'sticky top-0 z-40 border-b backdrop-blur-md transition-[background-color,border-color,box-shadow] duration-300',
        scrolled ? 'border-border bg-background/95 shadow-[0_6px_24px_-12px_rgb(var(--shadow)/0.35)]' : 'border-transparent bg-background/60',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={`${brandName} home`} className="-m-1 flex shrink-0 items-center rounded-md p-1">
          <BrandLogo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <HowItWorks />
          {headerLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <ThemeToggle className="ml-2" />
        </nav>

        <MobileNav />
      </div>
    </header>
  );
}
