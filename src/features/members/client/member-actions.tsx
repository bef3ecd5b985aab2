import { Ban, ShieldCheck, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { can, conversationRefusal, hasRole, memberActionRefusal, type Actor } from '~/shared/permissions';
import type { AdminMember } from '../members.schema';
import { useSetBanned } from './members.queries';
import { MessageMemberDialog } from './message-member-dialog';

/** Message, Ban or Unban, and Edit Roles for one member, each only for those allowed to use it. */
export function MemberActions({
  member,
  actor,
  editing,
  onToggleEditing,
  className = 'flex flex-wrap gap-2',
}: {
  member: AdminMember;
  actor: Actor;
  editing: boolean;
  onToggleEditing: () => void;
  className?: string;
}) {
  const refusal = memberActionRefusal(actor, member);
  // Owner accounts are never messaged from here; an Admin only by staff (Support sees them as the Admin Team).
  const canMessage =
    can(actor, 'message:members') && !hasRole(member, 'Owner') && !conversationRefusal(actor, member);
  const canBan = can(actor, 'manage:members');
  const canEditRoles = can(actor, 'edit:roles');
  if (!canMessage && !canBan && !canEditRoles) return null;
  return (
    <div className={className}>
      {canMessage && <MessageMemberDialog member={member} />}
      {canBan && <BanButton member={member} refusal={refusal} />}
      {canEditRoles && (
        <EditRolesToggle member={member} refusal={refusal} editing={editing} onToggle={onToggleEditing} />
      )}
    </div>
  );
}

/** Edit Roles / Close: reveals the member's role checkboxes. */
export function EditRolesToggle({
  member,
  refusal,
  editing,
  onToggle,
}: {
  member: AdminMember;
  refusal: string | undefined;
  editing: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      aria-expanded={editing}
      aria-label={editing ? `Close roles for ${member.fullName}` : `Edit Roles for ${member.fullName}`}
      disabled={refusal !== undefined}
      title={refusal}
      onClick={onToggle}
      className="whitespace-nowrap"
    >
      {!editing && <ShieldCheck className="size-5" aria-hidden />}
      {editing ? 'Close' : 'Edit Roles'}
    </Button>
  );
}

/** Ban or Unban, after a confirmation that names the member and says what happens. */
function BanButton({ member, refusal }: { member: AdminMember; refusal: string | undefined }) {
  const [open, setOpen] = useState(false);
  const banning = !member.banned;
  const setBanned = useSetBanned({
    onSuccess: () => {
      setOpen(false);
      toast.success(banning ? 'Member banned' : 'Member unbanned');
    },
    onError: (error) => showErrorToast(error, banning ? 'Ban failed' : 'Unban failed'),
  });
  const Icon = banning ? Ban : UserCheck;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button
          type="button"
          variant="secondary"
          disabled={refusal !== undefined}
          title={refusal}
          aria-label={`${banning ? 'Ban' : 'Unban'} ${member.fullName}`}
          className={`whitespace-nowrap ${banning ? 'text-danger' : ''}`}
        >
          <Icon className="size-5" aria-hidden />
          {banning ? 'Ban' : 'Unban'}
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title={`${banning ? 'Ban' : 'Unban'} ${member.fullName}?`}
        description={
          banning
            ? 'They will be signed out at once and cannot sign in until unbanned.'
            : 'They will be able to sign in again.'
        }
      >
        <DialogActions
          className="mt-6"
          variant={banning ? 'danger' : 'primary'}
          confirmLabel={banning ? 'Ban Member' : 'Unban Member'}
          pending={setBanned.isPending}
          onConfirm={() => setBanned.mutate({ memberId: member.id, banned: banning })}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}
