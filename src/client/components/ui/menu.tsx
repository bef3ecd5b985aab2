import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * A dropdown menu, never modal: a modal Radix menu marks the rest of the page aria-hidden while it stays focusable
 * (axe: aria-hidden-focus). Focus leaving the menu, Escape or a tap anywhere else closes it.
 */
export function MenuRoot(props: Omit<ComponentProps<typeof DropdownMenu.Root>, 'modal'>) {
  return <DropdownMenu.Root {...props} modal={false} />;
}

/**
 * A dropdown menu's panel: the raised surface beside its trigger, kept 8 px inside the window, fading in and out.
 * `className` sets its width ("min-w-48").
 */
export function MenuContent({
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Content> & { className: string }) {
  return (
    <DropdownMenu.Content
      sideOffset={8}
      collisionPadding={8}
      {...props}
      className={`z-50 ${className} rounded-xl border border-border bg-surface-raised p-1.5 shadow-2xl shadow-background data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in`}
    />
  );
}
