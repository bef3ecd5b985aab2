import { RotateCw, SearchX, type LucideIcon } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** Whether the list around an item had shown its data before the item mounted; outside a ListStates, always. */
const ListShownContext = createContext<{ readonly current: boolean }>({ current: true });

/**
 * The class that fades an item in when it is inserted into a list already on screen (a new post, a new order), and
 * nothing for the items the list first shows: those are the page, not an insertion (DESIGN.md, motion), and a fade
 * would hold back the page's largest paint by its length.
 */
export function useInsertion(): string {
  const listShown = useContext(ListShownContext);
  const [inserted] = useState(listShown.current);
  return inserted ? 'animate-fade-in' : '';
}

/** A list's item, faded in when it is inserted (useInsertion). */
export function ListItem({ className = '', ...props }: ComponentProps<'li'>) {
  const insertion = useInsertion();
  return <li className={`${insertion} ${className}`.trim() || undefined} {...props} />;
}

/**
 * A list's three states besides its content, in one place: a skeleton shaped like the content while the first
 * page loads, the error with Try Again, and the spec's empty sentence. `ListStates` picks one from a query. Items
 * take their entrance from `useInsertion()`.
 */
export function ListStates({
  query,
  empty,
  skeleton,
  errorMessage,
  emptyState,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** Nothing to show once loaded. */
  empty: boolean;
  skeleton: ReactNode;
  /** "Your orders could not be loaded." */
  errorMessage: string;
  emptyState: ReactNode;
  children: ReactNode;
}) {
  // Set after the commit that first showed the data: items mounted later are insertions. A ref, so setting it
  // renders nothing again.
  const shown = useRef(false);
  useEffect(() => {
    if (!query.isPending) shown.current = true;
  });
  if (query.isPending) return skeleton;
  // A failed refetch keeps what is already on screen; only a list with nothing to show says it failed.
  if (query.isError && empty) {
    return (
      <ListError message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (empty) return emptyState;
  return <ListShownContext.Provider value={shown}>{children}</ListShownContext.Provider>;
}

/** Grey blocks shaped like the content: `item` is one entry's shape, repeated `count` times. */
export function ListSkeleton({
  label,
  count = 3,
  item,
  className = 'flex flex-col gap-3',
}: {
  /** Read out while loading: "Loading members". */
  label: string;
  count?: number;
  item: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden className="animate-pulse">
          {item}
        </div>
      ))}
    </div>
  );
}

/**
 * One grey block of a skeleton; size and shape come from the caller ("h-4 w-2/5"). `onRaised`: the block sits on
 * the raised surface (a menu), so it takes the border colour to show on it.
 */
export function SkeletonBlock({ className, onRaised = false }: { className: string; onRaised?: boolean }) {
  const shape = /\brounded/.test(className) ? '' : 'rounded ';
  return <div className={`${shape}${onRaised ? 'bg-border' : 'bg-surface-raised'} ${className}`} />;
}

/** Lines of text while they load: a block per line (`lines`: each block's size), one under another. */
export function SkeletonLines({
  lines,
  className = 'flex flex-col gap-2',
  onRaised,
}: {
  lines: readonly string[];
  className?: string;
  onRaised?: boolean;
}) {
  return (
    <div className={className}>
      {lines.map((line, index) => (
        <SkeletonBlock key={index} className={line} onRaised={onRaised} />
      ))}
    </div>
  );
}

/**
 * A row while it loads (a member, a conversation, a post's author): a circle for the avatar or icon (`lead`: its
 * size), the text beside it (one line, or a column of `lines`) and, optionally, a block at the end (`trail`: a
 * button or a badge). `className` frames the row ("rounded-card border … p-4"); the gap is 3 unless it names one.
 */
export function SkeletonRow({
  lead,
  lines,
  trail,
  className = '',
}: {
  lead?: string;
  lines: readonly [string, ...string[]];
  trail?: string;
  className?: string;
}) {
  const gap = /\bgap-/.test(className) ? '' : 'gap-3 ';
  return (
    <div className={`flex items-center ${gap}${className}`}>
      {lead && <SkeletonBlock className={`${lead} shrink-0 rounded-full`} />}
      {lines.length === 1 ? (
        <SkeletonBlock className={lines[0]} />
      ) : (
        <SkeletonLines className="flex flex-1 flex-col gap-2" lines={lines} />
      )}
      {trail && <SkeletonBlock className={trail} />}
    </div>
  );
}

/**
 * A card while it loads: the card's frame (`className`: its gap and padding) around its `head` (a row, a header),
 * a block per line (`lines`), then any `children`.
 */
export function SkeletonCard({
  className = 'gap-3 p-4',
  head,
  lines = [],
  children,
}: {
  className?: string;
  head?: ReactNode;
  lines?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <div className={`flex flex-col rounded-card border border-border bg-surface ${className}`}>
      {head}
      {lines.map((line, index) => (
        <SkeletonBlock key={index} className={line} />
      ))}
      {children}
    </div>
  );
}

/** Nothing here: the spec's sentence, centred, with one clear next action when there is one. */
export function EmptyState({
  icon: Icon = SearchX,
  title,
  level = 2,
  children,
  action,
}: {
  icon?: LucideIcon;
  title?: string;
  /** The title's heading level: 1 where the empty state is the whole page (User Not Found). */
  level?: 1 | 2;
  children: ReactNode;
  action?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
      <Icon className="size-8 text-text-muted" aria-hidden />
      {title && <Heading className="text-xl font-semibold tracking-tight text-text">{title}</Heading>}
      <p className="text-base text-text-muted">{children}</p>
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}

/** The list could not be loaded: say so where it would be, with a way to try again. */
export function ListError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
    >
      <p className="text-base text-text">{message}</p>
      <Button type="button" variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
        Try Again
      </Button>
    </div>
  );
}
