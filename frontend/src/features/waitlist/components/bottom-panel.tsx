import { clsx } from 'clsx';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { prefersReducedMotion } from '@/lib/motion';

/**
 * The sheet that slides up from the bottom of /shotanalysis (spec §2, §4: expanded or
 * minimized). Its header (the page's h1 and the minimize/expand button) always stays in view.
 * The slide is skipped for visitors who prefer reduced motion.
 */
export function BottomPanel({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  /** Extra controls beside the minimize/expand button. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const panelRef = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(true);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel || prefersReducedMotion() || typeof panel.animate !== 'function') return;
    const animation = panel.animate(
      [
        { transform: 'translateY(100%)', opacity: 0.6 },
        { transform: 'translateY(0)', opacity: 1 },
      ],
      { duration: 600, easing: 'cubic-bezier(0.16, 1, 0.3, 1)' },
    );
    return () => animation.cancel();
  }, []);

  return (
    <section
      ref={panelRef}
      aria-labelledby={`${id}-title`}
      data-testid="waitlist-panel"
      data-state={expanded ? 'expanded' : 'minimized'}
      // Phones: a bottom sheet. Tablets: a centred card. Wide screens: a card at the bottom left,
      // leaving the middle to the video and the bottom right to notifications.
      className="absolute inset-x-0 bottom-0 z-20 sm:bottom-6 sm:px-6 lg:inset-x-auto lg:bottom-8 lg:left-8 lg:w-[30rem] lg:px-0"
    >
      <div className="mx-auto flex max-h-[calc(100dvh-3rem)] w-full max-w-xl flex-col rounded-t-[1.75rem] border border-b-0 border-border bg-elevated text-foreground shadow-[0_-20px_60px_-20px_rgb(0_0_0/0.55)] sm:max-h-[calc(100dvh-3rem)] sm:rounded-[1.75rem] sm:border-b lg:max-h-[calc(100dvh-4rem)]">
        <div className="flex shrink-0 items-center gap-2 px-5 pt-4 pb-3 sm:px-7 sm:pt-5">
          <h1 id={`${id}-title`} className="mr-1 min-w-0 flex-1 font-display text-lg font-extrabold tracking-tight sm:text-xl">
            {title}
          </h1>
          {actions}
          <LazyTooltip label={expanded ? 'Minimize' : 'Expand'}>
            <button
              type="button"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-controls={`${id}-body`}
              aria-label={expanded ? 'Minimize' : 'Expand'}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-border text-muted transition-colors hover:bg-surface hover:text-foreground sm:size-10"
            >
              {expanded ? <ChevronDown className="size-5" aria-hidden="true" /> : <ChevronUp className="size-5" aria-hidden="true" />}
            </button>
          </LazyTooltip>
        </div>
        {/* 1fr <-> 0fr rows animate the height; `invisible` (after the transition) and `inert`
            take the minimized content out of view, the tab order and the accessibility tree. */}
        <div
          id={`${id}-body`}
          inert={!expanded}
          className={clsx(
            'grid min-h-0 transition-[grid-template-rows,visibility] duration-300 ease-out motion-reduce:transition-none',
            expanded ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]',
          )}
        >
          <div className="min-h-0 overflow-y-auto overscroll-contain">
            <div className="px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:px-7 sm:pb-7">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}
