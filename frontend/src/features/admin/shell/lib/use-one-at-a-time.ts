import { useRef } from 'react';

/**
 * Starts a request unless the one before is still running: a double click does one thing even
 * before React has shown the button as busy (the second click comes before that render, when
 * the mutation's isPending is still false). `start` calls `done` once the request settles; a
 * dialog that closes on success calls it on failure only, since on a busy machine the second
 * click can reach the form after the answer, before it has gone.
 */
export function useOneAtATime(): (start: (done: () => void) => void) => void {
  const running = useRef(false);
  return (start) => {
    if (running.current) return;
    running.current = true;
    start(() => {
      running.current = false;
    });
  };
}
