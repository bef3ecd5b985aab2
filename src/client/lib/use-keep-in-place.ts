import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the item a member is working with (its menu open, or focus inside it: a comment being typed) where it is
 * on screen when items arrive above it. Browsers do this themselves (CSS scroll anchoring) except at the very top
 * of the page, which is where a live list sits when its new items come in: without this, a post whose "…" menu is
 * open slides down under the open menu, or out of the window with it.
 *
 * The list renders each item as an `<article>` inside `container`; `items` is any value that changes when the list
 * does (its data).
 */
export function useKeepInPlace(container: RefObject<HTMLElement | null>, items: unknown): void {
  // Where each item was on screen at the last commit or scroll.
  const tops = useRef(new WeakMap<Element, number>());

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => noteTops(container.current, tops.current));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [container]);

  useLayoutEffect(() => {
    const held = heldItem(container.current);
    const before = held ? tops.current.get(held) : undefined;
    if (held && before !== undefined) {
      const shift = held.getBoundingClientRect().top - before;
      if (shift !== 0) window.scrollBy(0, shift);
    }
    noteTops(container.current, tops.current);
  }, [container, items]);
}

function noteTops(container: HTMLElement | null, tops: WeakMap<Element, number>) {
  for (const item of container?.querySelectorAll('article') ?? [])
    tops.set(item, item.getBoundingClientRect().top);
}

/** The item whose menu is open, or that holds the focus. */
function heldItem(container: HTMLElement | null): Element | null {
  if (!container) return null;
  const focused = document.activeElement;
  const held =
    container.querySelector('[aria-expanded="true"]') ??
    (focused && focused !== document.body && container.contains(focused) ? focused : null);
  return held?.closest('article') ?? null;
}
