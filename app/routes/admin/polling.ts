import { useEffect, useRef } from "react";

/**
 * The console's one polling loop, for a screen that follows work done in the background (an
 * import, a 公众号 sync): while `active`, `poll` runs `every` ms after the previous call settled, so
 * one screen never has two calls in flight. It stops when `active` turns false (the work is done)
 * and when the screen closes. `poll` shows its own failures; a failed call is tried again at the
 * next turn.
 */
export function usePolling(active: boolean, every: number, poll: () => Promise<unknown>): void {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const turn = () => {
      timer = setTimeout(() => {
        void latest
          .current()
          .catch(() => {})
          .finally(() => {
            if (live) turn();
          });
      }, every);
    };
    turn();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, every]);
}
