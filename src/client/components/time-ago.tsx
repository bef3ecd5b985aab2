import { formatDateTime, formatRelativeTime } from '~/client/lib/format-time';

/** "5m ago", with the full date and time on hover and for machines; `now` comes from the caller's clock. */
export function TimeAgo({
  at,
  now,
  prefix = '',
  className = 'text-xs text-text-muted',
}: {
  at: string;
  now: number;
  /** Before the time: "last " in "last 5m ago". */
  prefix?: string;
  className?: string;
}) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {prefix}
      {formatRelativeTime(at, now)}
    </time>
  );
}
