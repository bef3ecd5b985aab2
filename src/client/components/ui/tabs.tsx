import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

const lists = {
  /** Equal segments in a pill (sticker sizes, the driver's queues). */
  segmented: 'grid grid-flow-col auto-cols-fr gap-1 rounded-xl border border-border bg-surface p-1',
  /** A row of sections with an underline, scrolled sideways on phones (the dashboard). */
  underline:
    '-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 [scrollbar-width:none] sm:mx-0 sm:px-0',
} as const;

const triggers = {
  segmented:
    'min-h-11 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-text-muted tabular transition-colors duration-150 hover:text-text data-[state=active]:bg-surface-raised data-[state=active]:text-text sm:px-5 sm:text-base',
  underline:
    'relative inline-flex min-h-11 shrink-0 items-center rounded-t-lg px-4 text-base font-medium whitespace-nowrap text-text-muted transition-colors duration-150 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity hover:bg-surface hover:text-text data-[state=active]:text-text data-[state=active]:after:opacity-100',
} as const;

/**
 * Tabs on Radix (arrow keys move between them, each panel is labelled by its tab). The caller owns the value, so
 * the open tab can live in the URL.
 */
export function Tabs<T extends string>({
  label,
  value,
  onValueChange,
  items,
  variant = 'segmented',
  accent = false,
  className = '',
  listClassName = '',
}: {
  /** What the row of tabs is, for screen readers ("Sticker sizes"). */
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  items: TabItem<T>[];
  variant?: keyof typeof lists;
  /** The active segment in the action colour (the driver's queues, read at a glance). */
  accent?: boolean;
  className?: string;
  listClassName?: string;
}) {
  const active = accent ? ' data-[state=active]:bg-primary data-[state=active]:text-on-primary' : '';
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      className={`flex flex-col ${className}`}
    >
      <RadixTabs.List aria-label={label} className={`${lists[variant]} ${listClassName}`}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={`${triggers[variant]}${active}`}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
