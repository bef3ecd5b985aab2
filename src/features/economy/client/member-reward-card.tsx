import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '~/client/components/time-ago';
import { paths } from '~/client/lib/paths';

/**
 * A member's reward as the Economy tab lists it (a request to decide, a cash reward to pay as credit): its title,
 * the member (to their profile) and when it was redeemed, what it is worth (`children`), a note when it is the
 * staff member's own (read out with the actions), and the actions.
 */
export function MemberRewardCard({
  headingId,
  reward,
  now,
  own,
  actions,
  children,
}: {
  headingId: string;
  reward: { title: string; member: { id: string; name: string }; createdAt: string };
  now: number;
  /** The staff member's own reward: the note's id (the actions' description) and its text. */
  own: { id: string; text: string } | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={headingId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere]">
          {reward.title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-text-muted">
          <Link
            to={paths.publicProfile(reward.member.id)}
            className="inline-flex min-h-11 min-w-0 items-center font-medium text-text hover:underline"
          >
            <span className="truncate">{reward.member.name}</span>
          </Link>
          <span aria-hidden>·</span>
          <TimeAgo at={reward.createdAt} now={now} className="text-sm text-text-muted" />
        </p>
        {children}
        {own && (
          <p id={own.id} className="mt-2 text-sm text-text-muted">
            {own.text}
          </p>
        )}
      </div>
      {actions}
    </article>
  );
}
