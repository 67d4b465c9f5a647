import { useEffect, useRef, useState } from 'react';

/** Spec §9: the coach's text is typed out at 1 ms per character. */
export const TYPING_MS_PER_CHAR = 1;

/**
 * How many characters of a text of `length` are shown, growing at 1 character per ms of real
 * time (timers cannot fire every millisecond, so each frame catches up on the time that passed).
 * The text may grow while it is typed (a streamed reply): typing goes on from where it was.
 * With `animate` false the whole text shows at once.
 */
export function useTypedLength(length: number, animate: boolean): number {
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);

  useEffect(() => {
    if (!animate || shownRef.current >= length) return;
    const base = shownRef.current;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const next = Math.min(length, base + Math.max(1, Math.floor((now - start) / TYPING_MS_PER_CHAR)));
      shownRef.current = next;
      setShown(next);
      if (next < length) frame = window.requestAnimationFrame(step);
    };
    frame = window.requestAnimationFrame(step);
    return () => window.cancelAnimationFrame(frame);
  }, [length, animate]);

  return animate ? Math.min(shown, length) : length;
}
