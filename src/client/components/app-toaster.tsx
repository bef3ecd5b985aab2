import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';

/** Sonner's colour variables pointed at our theme: destructive toasts in the danger colour (DESIGN.md). */
const themeColours = {
  '--normal-bg': 'var(--color-surface-raised)',
  '--normal-border': 'var(--color-border)',
  '--normal-text': 'var(--color-text)',
  '--success-bg': 'var(--color-surface-raised)',
  '--success-border': 'var(--color-accent)',
  '--success-text': 'var(--color-text)',
  '--info-bg': 'var(--color-surface-raised)',
  '--info-border': 'var(--color-primary)',
  '--info-text': 'var(--color-text)',
  '--error-bg': 'var(--color-danger-surface)',
  '--error-border': 'var(--color-danger)',
  '--error-text': 'var(--color-text)',
} as CSSProperties;

/**
 * Under the sticky header (its height is kept in `--app-header-height`) or the safe area when there is none: a
 * toast at the top never covers the field being corrected, its actions or the keyboard.
 */
const belowHeader = { top: 'calc(var(--app-header-height, env(safe-area-inset-top)) + 0.75rem)' };

/**
 * One toast at a time for 5 s (spec section 9), never over the form being filled in (issue 21): under the header on
 * every screen, centred on phones and at the right on larger ones. At the bottom a toast covered forms, their
 * buttons and the keyboard (on desktop: the cart's Submit Order at the right, the driver's ETA form at the left once
 * the e-mail banner made the page taller); the top of a page holds headings, not the control being used.
 */
export function AppToaster() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <Toaster
      theme="dark"
      richColors
      closeButton
      visibleToasts={1}
      duration={5000}
      position={desktop ? 'top-right' : 'top-center'}
      offset={belowHeader}
      mobileOffset={belowHeader}
      style={themeColours}
      toastOptions={{
        classNames: {
          toast: 'group font-sans !rounded-xl !text-base',
          title: '!text-base !font-semibold',
          description: '!text-sm !opacity-90',
          icon: 'group-data-[type=error]:text-danger group-data-[type=success]:text-accent',
        },
      }}
    />
  );
}
