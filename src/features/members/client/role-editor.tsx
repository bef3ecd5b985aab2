import { useId, useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { CheckboxField } from '~/client/components/ui/checkbox-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { ASSIGNABLE_ROLES, memberActionRefusal, type Role } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import type { AdminMember } from '../members.schema';
import { useSetRoles } from './members.queries';

const withToggled = (roles: readonly Role[], role: Role): Role[] =>
  roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];

/**
 * The role checkboxes and Save Changes, used by both the Members and the Roles tab. A box the server would
 * refuse to change for this actor (Owner always; Admin unless the actor is the Owner) is disabled, and why is
 * said underneath.
 */
export function RoleEditor({
  member,
  actor,
  onSaved,
  divided = false,
  className = '',
}: {
  member: AdminMember;
  actor: Actor;
  onSaved?: () => void;
  /** Under a line, inside a member's card. */
  divided?: boolean;
  className?: string;
}) {
  const [draft, setDraft] = useState<Role[]>(member.roles);
  const reasonsId = useId();
  const setRoles = useSetRoles({
    onSuccess: () => {
      toast.success('Roles updated successfully!');
      onSaved?.();
    },
    onError: (error) => showErrorToast(error, 'Error updating roles'),
  });

  const refusalFor = (role: Role) =>
    memberActionRefusal(actor, member, { from: member.roles, to: withToggled(member.roles, role) });
  const refusals = new Map(ASSIGNABLE_ROLES.map((role) => [role, refusalFor(role)]));
  const reasons = [...new Set([...refusals.values()].filter(Boolean))];
  const changed = draft.length !== member.roles.length || draft.some((role) => !member.roles.includes(role));

  return (
    <form
      className={`@container flex flex-col gap-3 ${divided ? 'border-t border-border pt-3' : ''} ${className}`}
      aria-label={`Roles for ${member.fullName}`}
      onSubmit={(event) => {
        event.preventDefault();
        setRoles.mutate({
          memberId: member.id,
          roles: ASSIGNABLE_ROLES.filter((role) => draft.includes(role)),
        });
      }}
    >
      <fieldset disabled={setRoles.isPending} aria-describedby={reasons.length ? reasonsId : undefined}>
        <legend className="sr-only">Roles for {member.fullName}</legend>
        <div className="grid grid-cols-1 gap-x-3 @xs:grid-cols-2 @xl:grid-cols-3 @3xl:grid-cols-4">
          {ASSIGNABLE_ROLES.map((role) => (
            <div key={role} className="has-disabled:opacity-55">
              <CheckboxField
                label={role}
                checked={draft.includes(role)}
                disabled={refusals.get(role) !== undefined}
                onCheckedChange={() => setDraft((current) => withToggled(current, role))}
              />
            </div>
          ))}
        </div>
      </fieldset>
      {reasons.length > 0 && (
        <ul id={reasonsId} className="flex flex-col gap-1 text-sm text-text-muted">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <div>
        <Button type="submit" disabled={!changed || setRoles.isPending} pending={setRoles.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
