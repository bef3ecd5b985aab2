import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updating when it changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `md` breakpoint: below it the header collapses its tabs into a menu. */
export const DESKTOP_QUERY = '(min-width: 768px)';
