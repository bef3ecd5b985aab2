import { vi } from 'vitest';

/**
 * The two browser globals the cart modules touch, for unit tests in Node: an in-memory localStorage (or one that
 * refuses, as private modes do) and a window that dispatches events. Restored by vi.unstubAllGlobals().
 */
export function stubBrowserStorage(options: { refuse?: boolean } = {}): Map<string, string> {
  const items = new Map<string, string>();
  const refuse = () => {
    if (options.refuse) throw new DOMException('The storage is switched off.', 'SecurityError');
  };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (refuse(), items.get(key) ?? null),
    setItem: (key: string, value: string) => (refuse(), void items.set(key, String(value))),
    removeItem: (key: string) => (refuse(), void items.delete(key)),
  });
  vi.stubGlobal('window', new EventTarget());
  return items;
}
