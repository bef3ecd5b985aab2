import type { CSSProperties, ReactNode } from 'react';
import { useInsertion } from './list-states';

/** A column of a CardTable when it reads as a table: its header and its width (a grid track: `auto`, `11rem`). */
export interface CardTableColumn {
  /** Shown above the rows; none for a column of buttons. */
  title?: string;
  width: string;
  align?: 'start' | 'end';
}

/**
 * Where the list turns into a table, by its own width (a container query, see `as-table:` in styles.css):
 * `md` at 45rem, `xl` at 69rem (the dashboard's full width).
 */
const CONTAINERS = { md: '@container/card-table-md', xl: '@container/card-table-xl' } as const;

/** One column gap for the header and every row, so their columns line up. */
const TABLE_GRID = 'as-table:col-span-full as-table:grid as-table:grid-cols-subgrid as-table:gap-x-6';

/**
 * A list whose entries are stacked cards on a phone and the rows of a table on a wide screen: the same elements
 * either way, laid out by CSS, so nothing unmounts when the width crosses over (a dialog or a form open in a row
 * keeps what was typed). As a table, each row is a subgrid of the list's columns, under a header row that is
 * only seen (each cell says what it is to a screen reader itself); rows are `CardTableRow`s, whose cells style
 * themselves with `as-table:`.
 */
export function CardTable({
  label,
  columns,
  tableFrom,
  twoCards,
  children,
}: {
  /** The list's name: "Members". */
  label: string;
  columns: readonly CardTableColumn[];
  tableFrom: keyof typeof CONTAINERS;
  /**
   * Cards two abreast once there is room for them, until the list is a table: each as tall as its content, or as
   * tall as the other in its row.
   */
  twoCards?: 'own-height' | 'equal-height';
  children: ReactNode;
}) {
  const tracks = { '--card-table-columns': columns.map((column) => column.width).join(' ') } as CSSProperties;
  return (
    <div className={CONTAINERS[tableFrom]}>
      <div
        style={tracks}
        className="as-table:grid as-table:grid-cols-(--card-table-columns) as-table:gap-x-6 as-table:overflow-clip as-table:rounded-card as-table:border as-table:border-border as-table:bg-surface"
      >
        <div
          aria-hidden
          data-card-table-head
          className={`hidden ${TABLE_GRID} sticky top-[calc(5.25rem+env(safe-area-inset-top))] z-10 bg-surface px-4 py-3 text-xs font-semibold tracking-wide text-text-muted uppercase`}
        >
          {columns.map((column, index) => (
            <span key={index} className={column.align === 'end' ? 'text-right' : undefined}>
              {column.title}
            </span>
          ))}
        </div>
        <ul
          aria-label={label}
          className={`grid gap-3 ${twoCards ? '@min-[45rem]:grid-cols-2' : ''} ${twoCards === 'equal-height' ? '' : 'items-start'} ${TABLE_GRID} as-table:gap-y-0`}
        >
          {children}
        </ul>
      </div>
    </div>
  );
}

/**
 * One entry of a CardTable: an item holding an article named by its heading (`labelledBy`). `className` lays out
 * the card ("flex flex-col gap-3"); as a table the article is a row of the list's columns, its children the
 * cells in order (a child spanning them all with `as-table:col-span-full`).
 */
export function CardTableRow({
  labelledBy,
  fadeIn = false,
  className = 'flex flex-col gap-3',
  children,
}: {
  labelledBy: string;
  /** Fades in when it is added to a list already on screen (a live new order); see useInsertion. */
  fadeIn?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const insertion = useInsertion();
  return (
    <li
      className={`${fadeIn ? insertion : ''} ${TABLE_GRID} as-table:border-t as-table:border-border as-table:transition-colors as-table:hover:bg-surface-raised/60`}
    >
      <article
        aria-labelledby={labelledBy}
        className={`h-full rounded-card border border-border bg-surface p-4 ${className} ${TABLE_GRID} as-table:items-start as-table:rounded-none as-table:border-0 as-table:bg-transparent as-table:px-4 as-table:py-3`}
      >
        {children}
      </article>
    </li>
  );
}
