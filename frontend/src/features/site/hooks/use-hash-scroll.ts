import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { HashScrollState } from '@/components/ui/hash-link';
import { focusSection, HASH_SCROLL_DELAY_MS, scrollToSection } from '@/lib/hash-scroll';

/**
 * On the home page: when the address carries a section hash (arriving from another page or
 * from a link), scroll to that section after 100 ms; `#waitlist` scrolls smoothly to the top.
 * Links on the home page itself scroll directly and mark it in the router state.
 */
export function useHashScroll(): void {
  const location = useLocation();
  const state = location.state as HashScrollState | null;
  const alreadyScrolled = Boolean(state?.hashScrolled);

  useEffect(() => {
    if (!location.hash || alreadyScrolled) return;
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // Keep the raw value.
    }
    if (!id) return;
    const timer = window.setTimeout(() => {
      if (scrollToSection(id)) focusSection(id);
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash, alreadyScrolled]);
}
