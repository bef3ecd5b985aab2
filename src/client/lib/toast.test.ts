import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNTIL_SETTLED } from '~/client/testing/wait';

// Each test loads ./toast afresh, so sonner is not in yet for it: what a page sees before the toaster loads. Sonner
// itself is one instance for the worker (a package, which vi.resetModules leaves loaded, shared with the files run
// before this one): each test starts with none showing and reads the history raised after it started.
async function freshToasts() {
  vi.resetModules();
  const { toast, firstToastRaised } = await import('./toast');
  // Sonner itself, to close what earlier files left showing and to read its history: nothing is raised through it.
  const { toast: sonner } = await import('sonner');
  sonner.dismiss();
  const titleOf = (shown: object) => ('title' in shown ? shown.title : undefined);
  const start = sonner.getHistory().length;
  const titles = () => sonner.getHistory().slice(start).map(titleOf);
  const showing = () => sonner.getToasts().map(titleOf);
  return { toast, firstToastRaised, titles, showing };
}

describe('toasts raised before sonner is in', () => {
  beforeEach(() => vi.resetModules());

  it('wait for it and show in the order they were raised, counted as showing meanwhile', async () => {
    const { toast, titles } = await freshToasts();
    toast('Logged out');
    toast.success('Weekly Bonus!');
    toast.error('The menu did not open');
    expect(toast.count()).toBe(3);
    await vi.waitFor(
      () => expect(titles()).toEqual(['Logged out', 'Weekly Bonus!', 'The menu did not open']),
      UNTIL_SETTLED,
    );
    expect(toast.count()).toBe(3);
  });

  it('are closed by a dismissal raised after them', async () => {
    const { toast, titles, showing } = await freshToasts();
    toast.success('Added to cart');
    toast.dismiss();
    expect(toast.count()).toBe(0);
    toast.error('Cart is empty');
    expect(toast.count()).toBe(1);
    await vi.waitFor(() => expect(titles()).toEqual(['Added to cart', 'Cart is empty']), UNTIL_SETTLED);
    expect(showing()).toEqual(['Cart is empty']);
  });

  it('say when the first one is raised, so the toaster can mount then', async () => {
    const { toast, firstToastRaised } = await freshToasts();
    let raised = false;
    void firstToastRaised().then(() => (raised = true));
    toast.dismiss();
    await Promise.resolve();
    expect(raised).toBe(false);
    toast.success('Added to cart');
    await vi.waitFor(() => expect(raised).toBe(true), UNTIL_SETTLED);
  });
});
