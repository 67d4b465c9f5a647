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
