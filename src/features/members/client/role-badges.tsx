import type { Role } from '~/shared/permissions';

const pill = 'rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const tone: Partial<Record<Role, string>> = {
  Owner: 'border-coin/50 text-coin',
  Admin: 'border-primary/60 text-primary',
};

/** A member's roles as small pills (highest first, as the server lists them), led by Banned when they are. */
export function RoleBadges({ roles, banned = false }: { roles: readonly Role[]; banned?: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {banned && (
        <span className={`${pill} border-danger bg-danger font-semibold text-background`}>Banned</span>
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
