import { flushSync } from 'react-dom';
import { cloneElement, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import type { Tooltip, TooltipProps } from './tooltip';

type TooltipComponent = typeof Tooltip;
type Handler<E> = ((event: E) => void) | undefined;
interface ControlProps {
  onPointerEnter?: Handler<PointerEvent<HTMLElement>>;
  onPointerLeave?: Handler<PointerEvent<HTMLElement>>;
  onPointerDown?: Handler<PointerEvent<HTMLElement>>;
  onFocus?: Handler<FocusEvent<HTMLElement>>;
  onClick?: Handler<MouseEvent<HTMLElement>>;
}

// Radix's tooltip (with its positioning engine) is fetched when a mouse or the keyboard first
// reaches a control drawn before any lazy screen (the site header's); until then the control is
// drawn alone. The tooltip then takes the control over (a new element) keeping its focus and
// the resting pointer, but never between a press and its click, which would lose the click.
let loaded: TooltipComponent | null = null;
let promise: Promise<TooltipComponent> | null = null;
function load(): Promise<TooltipComponent> {
  promise ??= import('./tooltip').then((module) => (loaded = module.Tooltip));
  return promise;
}

export function LazyTooltip({ label, side, children }: Omit<TooltipProps, 'handOver' | 'children'> & { children: ReactElement<ControlProps> }) {
  const [taken, setTaken] = useState<{ Component: TooltipComponent; handOver?: TooltipProps['handOver'] } | null>(() =>
    loaded ? { Component: loaded } : null,
  );
  const control = useRef<HTMLElement | null>(null);
  const hovered = useRef(false);
  const pressed = useRef(false);
  const arrived = useRef<TooltipComponent | null>(null);

  if (taken) {
    return (
      <taken.Component label={label} side={side} handOver={taken.handOver}>
        {children}
      </taken.Component>
    );
  }

  const takeOver = () => {
    const Component = arrived.current;
    if (!Component || pressed.current) return;
    // Drawn at once (flushSync): a state update is drawn a moment later, and a press landing in
    // that moment went down on the old control and up on the new one, a click on neither.
    flushSync(() => setTaken({ Component, handOver: { focus: document.activeElement === control.current, hover: hovered.current } }));
  };
  const activate = (element: HTMLElement) => {
    control.current = element;
    load()
      .then((Component) => {
        arrived.current = Component;
        takeOver();
      })
      .catch((error: unknown) => {
        promise = null;
        console.warn('Could not load the tooltip:', error);
      });
  };

  const { onPointerEnter, onPointerLeave, onPointerDown, onFocus, onClick } = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      if (event.pointerType !== 'mouse') return;
      hovered.current = true;
      activate(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(event);
      hovered.current = false;
      pressed.current = false;
      takeOver();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      onPointerDown?.(event);
      pressed.current = true;
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) activate(event.currentTarget);
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      onClick?.(event);
      pressed.current = false;
      window.setTimeout(takeOver);
    },
  });
}
