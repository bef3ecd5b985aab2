import type { JoinStatus } from '~/shared/join-status';
import type { Role } from '~/shared/permissions';

const pill = 'rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const tone: Partial<Record<Role, string>> = {
  Owner: 'border-coin/50 text-coin',
  Admin: 'border-primary/60 text-primary',
};

const STATUS_LABELS: Record<Exclude<JoinStatus, 'approved'>, string> = {
  pending: 'Waiting to join',
  declined: 'Declined',
};

/**
 * A member's roles as small pills (highest first, as the server lists them), led by Banned when they are, and by
 * their request to join while staff have not let them in.
 */
export function RoleBadges({
  roles,
  banned = false,
  status = 'approved',
}: {
  roles: readonly Role[];
  banned?: boolean;
  status?: JoinStatus;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {banned && (
        <span className={`${pill} border-danger bg-danger font-semibold text-background`}>Banned</span>
      )}
      {status !== 'approved' && (
        <span className={`${pill} border-coin/50 font-semibold text-coin`}>{STATUS_LABELS[status]}</span>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Roles">
        {roles.map((role) => (
          <li key={role} className={`${pill} ${tone[role] ?? 'border-border text-text-muted'}`}>
            {role}
          </li>
        ))}
      </ul>
    </div>
  );
}
