import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { whenSettled } from './when-settled';

/**
 * A component whose code loads the first time it renders: for what a screen opens on demand (the toaster, a
 * dialog with a form, a panel behind a button), so its code and libraries (react-hook-form, say) stay off the
 * page's first load. `preload()` fetches it ahead of time, e.g. when a pointer or focus reaches its trigger.
 *
 *   const CreatePostDialog = onDemand(() => import('./create-post-dialog').then((m) => m.CreatePostDialog));
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> & { preload(): void } {
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchOnce = () => (loading ??= load());
  const component = lazy(() => fetchOnce().then((loaded) => ({ default: loaded })));
  return Object.assign(component, { preload: () => void fetchOnce() });
}

/**
 * A module of a UI kit part whose code loads on demand (Radix's menu, Radix's dialog): fetched once the page has
 * settled (whenSettled), or at once when a pointer or focus reaches a trigger, so it is in by the
 * time it is needed and never on a page's first load. `current()` is the module once in; a failed fetch is
 * forgotten (offline, say), so the next `load()` tries again.
 */
export function onDemandModule<Module>(fetchModule: () => Promise<Module>) {
  let module: Module | undefined;
  let loading: Promise<Module> | undefined;
  let preloadScheduled = false;
  const load = (): Promise<Module> =>
    (loading ??= fetchModule().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const preload = () => void load().catch(() => {});
  return {
    current: () => module,
    load,
    preload,
    /** Once per page: preload when the page has settled (whenSettled). */
    preloadWhenSettled() {
      if (preloadScheduled || module) return;
      preloadScheduled = true;
      void whenSettled().then(preload);
    },
  };
}

/**
 * Renders `children` (an on-demand dialog) from the first time `open` is true and keeps it mounted after, so its
 * closing animation and focus return still run. Nothing shows while its code loads.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
