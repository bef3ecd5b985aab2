import type { ReactNode } from 'react';
import { cardClass } from './chart-card';
import { describeChange, type Comparison } from './comparison';

/**
 * One figure in a card, inside a `<dl>`: its name, its value, a line of detail, and how it moved since the period
 * before (green when that is good news, red when not).
 */
export function StatTile({
  label,
  value,
  detail,
  change,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  change?: Comparison;
}) {
  const moved = change && describeChange(change);
  const good = change?.goodWhen ?? 'up';
  const tone =
    !moved || moved.direction === 'flat'
      ? 'text-text-muted'
      : moved.direction === good
        ? 'text-accent'
        : 'text-danger';
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${cardClass}`}>
      <dt className="text-sm text-text-muted">{label}</dt>
      <dd className="text-xl font-bold tracking-tight tabular">{value}</dd>
      {detail && <dd className="text-xs text-text-muted tabular">{detail}</dd>}
      {moved && (
        <dd className={`text-sm font-semibold tabular ${tone}`}>
          <span aria-hidden>{moved.shown}</span>
          <span className="sr-only">{moved.spoken}</span>
        </dd>
      )}
    </div>
  );
}
