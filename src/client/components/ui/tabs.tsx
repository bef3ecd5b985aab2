import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

const lists = {
  /** Equal segments in a pill (sticker sizes, the driver's queues). */
  segmented: 'grid grid-flow-col auto-cols-fr gap-1 rounded-xl border border-border bg-surface p-1',
  /** A row of sections with an underline, scrolled sideways on phones (the dashboard); see ScrollFades. */
  underline: 'flex gap-1 overflow-x-auto border-b border-border px-4 [scrollbar-width:none] sm:px-0',
} as const;

const triggers = {
  segmented:
    'min-h-11 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-text-muted tabular transition-colors duration-150 hover:text-text data-[state=active]:bg-surface-raised data-[state=active]:text-text sm:px-5 sm:text-base',
  underline:
    'relative inline-flex min-h-11 shrink-0 items-center rounded-t-lg px-4 text-base font-medium whitespace-nowrap text-text-muted transition-colors duration-150 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity hover:bg-surface hover:text-text focus-visible:-outline-offset-2 data-[state=active]:text-text data-[state=active]:after:opacity-100',
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
  const listRef = useRef<HTMLDivElement>(null);
  const list = (
    <RadixTabs.List ref={listRef} aria-label={label} className={`${lists[variant]} ${listClassName}`}>
      {items.map((item) => (
        <RadixTabs.Trigger key={item.value} value={item.value} className={`${triggers[variant]}${active}`}>
          {item.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      className={`flex flex-col ${className}`}
    >
      {variant === 'underline' ? (
        // On phones the row runs to the screen's edges.
        <div className="relative -mx-4 sm:mx-0">
          {list}
          <ScrollFades list={listRef} />
        </div>
      ) : (
        list
      )}
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

/**
 * A fade with an arrow at each edge of a row that scrolls sideways, shown while there is more that way, so a
 * phone shows the row goes on. Taps go through to the tab under it.
 */
function ScrollFades({ list }: { list: RefObject<HTMLDivElement | null> }) {
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const measure = () => {
      // A pixel of slack: the scroll position is fractional on zoomed screens.
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [list]);
  const fade =
    'pointer-events-none absolute top-0 bottom-px flex w-12 items-center text-text-muted transition-opacity duration-150';
  return (
    <>
      <div
        aria-hidden
        data-scroll-fade="start"
        className={`${fade} left-0 justify-start bg-linear-to-r from-background from-30% to-transparent pl-1 ${more.start ? 'opacity-100' : 'opacity-0'}`}
      >
        <ChevronLeft className="size-5" />
      </div>
      <div
        aria-hidden
        data-scroll-fade="end"
        className={`${fade} right-0 justify-end bg-linear-to-l from-background from-30% to-transparent pr-1 ${more.end ? 'opacity-100' : 'opacity-0'}`}
      >
        <ChevronRight className="size-5" />
      </div>
    </>
  );
}
