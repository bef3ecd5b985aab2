import { Link } from 'react-router';
import { TimeAgo } from '~/client/components/time-ago';
import { paths } from '~/client/lib/paths';

/** A member's reward as the Economy tab lists it: its title, the member (to their profile) and when it was redeemed. */
export function MemberRewardHeading({
  headingId,
  title,
  member,
  createdAt,
  now,
}: {
  headingId: string;
  title: string;
  member: { id: string; name: string };
  createdAt: string;
  now: number;
}) {
  return (
    <>
      <h3 id={headingId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere]">
        {title}
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-text-muted">
        <Link
          to={paths.publicProfile(member.id)}
          className="inline-flex min-h-11 min-w-0 items-center font-medium text-text hover:underline"
        >
          <span className="truncate">{member.name}</span>
        </Link>
        <span aria-hidden>·</span>
        <TimeAgo at={createdAt} now={now} className="text-sm text-text-muted" />
      </p>
    </>
  );
}
