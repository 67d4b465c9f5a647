import { useEffect, useLayoutEffect, useRef } from 'react';
import { applyTheme, useTheme } from '@/lib/theme';

/**
 * Spec §2 "Waitlist landing": the page is light while mounted, and the visitor's own theme
 * (dark, if it was dark) comes back when they leave. The forced light is only applied to the
 * document, never stored: the visitor's saved choice and the theme context are untouched.
 */
export function useForcedLightTheme(): void {
  const { theme } = useTheme();
  const themeRef = useRef(theme);

  useLayoutEffect(() => {
    applyTheme('light');
    return () => applyTheme(themeRef.current);
  }, []);

  useEffect(() => {
    themeRef.current = theme;
    // The theme changed while we are here (another tab): the provider applies it after this
    // effect, so take the page back to light on the next frame.
    const frame = window.requestAnimationFrame(() => applyTheme('light'));
    return () => window.cancelAnimationFrame(frame);
  }, [theme]);
}
