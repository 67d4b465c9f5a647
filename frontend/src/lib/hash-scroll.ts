import { scrollBehavior } from './motion';

// Spec §2 "Shared chrome" and §9: a hash link used on another page goes to / and scrolls to
// the section after 100 ms; on the home page it scrolls directly. `#waitlist` (the hero)
// scrolls to the very top.

export const HASH_SCROLL_DELAY_MS = 100;

/** How long a section is kept aligned while lazy content above it settles. */
const KEEP_ALIGNED_MS = 2500;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopKeepingAligned: (() => void) | null = null;

/**
 * Lazily loaded content (testimonials, the FAQ) can change height while or after we scroll,
 * and the browser's scroll anchoring then moves the page; re-aim on every such change for a
 * short while, and stop as soon as the visitor scrolls on their own.
 */
function keepAligned(aim: () => void): void {
  stopKeepingAligned?.();
  if (typeof ResizeObserver === 'undefined') return;

  let first = true;
  const observer = new ResizeObserver(() => {
    // The first call only reports the current size.
    if (first) {
      first = false;
      return;
    }
    aim();
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    if (stopKeepingAligned === stop) stopKeepingAligned = null;
  };
  const timer = window.setTimeout(stop, KEEP_ALIGNED_MS);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  stopKeepingAligned = stop;
}

/** Scrolls to the section with this id (without '#'); returns false when it is not on the page. */
export function scrollToSection(id: string): boolean {
  const behavior = scrollBehavior();
  let aim: () => void;
  if (id === 'waitlist') {
    aim = () => window.scrollTo({ top: 0, behavior });
  } else {
    const target = document.getElementById(id);
    if (!target) return false;
    aim = () => target.scrollIntoView({ behavior, block: 'start' });
  }
  aim();
  keepAligned(aim);
  return true;
}

/** Moves keyboard and screen-reader focus to the section without scrolling again. */
export function focusSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
