import { useCallback, useEffect, useState } from 'react';

/** Whether a box holds more than it shows sideways and has not been scrolled to its right end. */
export function hidesColumns(box: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>): boolean {
  return box.scrollWidth - box.clientWidth - box.scrollLeft > 1;
}

/**
 * Follows a sideways-scrolling box (a table wider than a phone): true while columns sit past its right
 * edge, so the screen can say so; false once scrolled to the end or when everything fits.
 */
export function useSidewaysOverflow<E extends HTMLElement>(): [(element: E | null) => void, boolean] {
  const [element, setElement] = useState<E | null>(null);
  const [hidden, setHidden] = useState(false);
  const ref = useCallback((next: E | null) => setElement(next), []);
  useEffect(() => {
    if (!element) return;
    const check = () => setHidden(hidesColumns(element));
    check();
    // Old browsers (and jsdom) have no ResizeObserver: a window resize is then the cue.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    observer?.observe(element);
    if (!observer) window.addEventListener('resize', check);
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', check);
      element.removeEventListener('scroll', check);
    };
  }, [element]);
  return [ref, hidden];
}
