/**
 * How long after the load event the page's own content is given before work it does not need starts. The feed's
 * first photo is requested only once its data has rendered, after the load event: on the browser's first idle
 * moment the ambience and the menus' and dialogs' code ran while that photo was loading and held back its paint
 * (Lighthouse's /feed LCP 3.4 s → 3.0 s without; bench/README.md, "First load").
 */
const SETTLE_MS = 2000;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded, its content has had SETTLE_MS to paint, and the browser is idle: when to start
 * what the page does not need to show itself (the ambience, fetching code for menus and dialogs ahead of a tap).
 */
export function whenSettled(): Promise<void> {
  settled ??= new Promise((resolve) => {
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : resolve();
    const afterLoad = () => setTimeout(whenIdle, SETTLE_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return settled;
}
