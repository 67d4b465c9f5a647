// Notifications (spec §8: every toast has a title and a message; §9: ~5 s, 3 visible).
// sonner is only downloaded the first time something is shown, so it never weighs on the
// first page load; <ToasterHost /> mounts the toaster at that moment.

type Sonner = typeof import('sonner');

let sonnerPromise: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** For <ToasterHost />: whether a toast has been requested yet. */
export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterRequested(): boolean {
  return requested;
}

function loadSonner(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonnerPromise ??= import('sonner');
  return sonnerPromise;
}

/**
 * Where toasts appear: bottom right, except on the funnel pages, whose form sits in a panel at
 * the bottom of the screen (a toast there would cover it): at the top; and on the admin's phone
 * screens, whose cards have their actions at their foot: at the top, below the admin header.
 */
export type ToastPlacement = 'bottom-right' | 'top-center' | 'below-admin-header';
let placement: ToastPlacement = 'bottom-right';
const placementListeners = new Set<() => void>();

export function setToastPlacement(next: ToastPlacement): void {
  if (next === placement) return;
  placement = next;
  for (const listener of placementListeners) listener();
}

export function subscribeToastPlacement(listener: () => void): () => void {
  placementListeners.add(listener);
  return () => placementListeners.delete(listener);
}

export function toastPlacement(): ToastPlacement {
  return placement;
}

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, title: string, message?: string): void {
  loadSonner()
    .then(({ toast }) => {
      const options = message ? { description: message } : undefined;
      if (kind === 'success') toast.success(title, options);
      else if (kind === 'error') toast.error(title, options);
      else toast(title, options);
    })
    .catch((error: unknown) => {
      // The toast code could not be fetched (offline, new deploy): fall back to the console.
      console.warn(`[${kind}] ${title}${message ? `: ${message}` : ''}`, error);
    });
}

export const notify = {
  success: (title: string, message?: string) => show('success', title, message),
  error: (title: string, message?: string) => show('error', title, message),
  info: (title: string, message?: string) => show('info', title, message),
};
