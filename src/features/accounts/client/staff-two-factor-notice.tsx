import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '~/client/lib/paths';
import { holdsStaffTwoFactorCapability, TWO_FACTOR_REQUIRED_MESSAGE } from '~/shared/staff-two-factor';
import type { SessionResponse, SessionUser } from '~/shared/session';

/** Whether the dashboard shows the setup card instead of its tabs (the server refuses them meanwhile). */
export function staffTwoFactorBlocks(user: SessionUser, policy: SessionResponse['staffTwoFactor']): boolean {
  return policy === 'required' && holdsStaffTwoFactorCapability(user) && !user.twoFactorEnabled;
}

/**
 * The dashboard's nudge for staff who see private details and have no two-factor yet: a card that leads to the
 * setup when STAFF_2FA is `required`, a banner when it is `optional`.
 */
export function StaffTwoFactorNotice({
  user,
  policy,
}: {
  user: SessionUser;
  policy: SessionResponse['staffTwoFactor'];
}) {
  if (user.twoFactorEnabled || !holdsStaffTwoFactorCapability(user)) return null;
  const required = policy === 'required';
  return (
    <section
      aria-label="Two-factor sign-in"
      className={`flex items-start gap-3 rounded-card border border-border bg-surface ${required ? 'mt-8 p-5 sm:p-6' : 'mt-5 p-4'}`}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-coin" aria-hidden />
      <div className="flex min-w-0 flex-col gap-3">
        {required && <h2 className="text-xl font-semibold tracking-tight">Set up two-factor sign-in</h2>}
        <p className="text-base text-text">
          {required
            ? TWO_FACTOR_REQUIRED_MESSAGE
            : 'Your role shows members’ private details: protect it with two-factor sign-in.'}
        </p>
        <Link
          to={paths.accountTwoFactor()}
          className={`inline-flex min-h-11 items-center self-start rounded-xl px-4 font-semibold ${required ? 'bg-primary text-on-primary hover:bg-primary-strong' : 'border border-border text-text hover:bg-surface-raised'}`}
        >
          Set Up Two-Factor
        </Link>
      </div>
    </section>
  );
}
