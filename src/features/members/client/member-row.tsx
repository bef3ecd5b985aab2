import { useId, type ReactNode } from 'react';
import { Avatar } from '~/client/components/ui/avatar';
import { CardTableRow } from '~/client/components/ui/card-table';
import { EmailText } from '~/client/components/ui/email-text';
import { formatUsPhone } from '~/shared/phone';
import type { Actor } from '~/shared/permissions';
import type { AdminMember } from '../members.schema';
import { MemberActions } from './member-actions';
import { RoleBadges } from './role-badges';
import { RoleEditor } from './role-editor';

const joinDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatJoinDate = (iso: string) => joinDateFormat.format(new Date(iso));

/** Phone and address come only to those allowed to see contact details. */
export const hasContactDetails = (member: AdminMember) =>
  member.phone !== undefined || member.address !== undefined;

/**
 * The head of every member entry: avatar, name (a heading, which labels the entry through `nameId`) and email
 * (for staff who see contact details); `children` add lines under it.
 */
export function MemberIdentity({
  member,
  nameId,
  className = 'items-start',
  children,
}: {
  member: AdminMember;
  nameId: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`flex gap-3 ${className}`}>
      <Avatar src={member.avatarUrl} lazy />
      <div className="flex min-w-0 flex-col">
        <h3 id={nameId} className="text-base font-semibold break-words">
          {member.fullName}
        </h3>
        {member.email !== undefined && <EmailText email={member.email} className="text-sm text-text-muted" />}
        {children}
      </div>
    </div>
  );
}

/** What a member's row or card is given: `editing` when their roles are open, `onToggleEditing` to open or close them. */
export interface MemberEntryProps {
  member: AdminMember;
  actor: Actor;
  editing: boolean;
  onToggleEditing: () => void;
}

/**
 * One member of the Members tab: a card on phones, a row of the table on wide screens (CardTable). The cells
 * follow the columns: member, roles, joined, contact (`showContact`), actions (`showActions`); the role editor
 * opens under them, across the row.
 */
export function MemberRow({
  member,
  actor,
  editing,
  onToggleEditing,
  showContact,
  showActions,
}: MemberEntryProps & { showContact: boolean; showActions: boolean }) {
  const nameId = useId();
  return (
    <CardTableRow labelledBy={nameId}>
      <MemberIdentity member={member} nameId={nameId}>
        {member.telegram !== undefined && (
          <span className="text-sm [overflow-wrap:anywhere] text-text-muted">
            <span className="sr-only">Telegram </span>
            {member.telegram}
          </span>
        )}
      </MemberIdentity>
      <RoleBadges roles={member.roles} banned={member.banned} status={member.status} />
      <dl className="text-sm">
        <Detail term="Joined" value={formatJoinDate(member.joinDate)} nowrap muted />
      </dl>
      {showContact && (
        // One list of details with Joined on a card: the gap between them is a line's.
        <dl className="-mt-2 flex flex-col gap-1 text-sm as-table:mt-0">
          {member.phone !== undefined && <Detail term="Phone" value={formatUsPhone(member.phone)} nowrap />}
          {member.address !== undefined && <Detail term="Address" value={member.address} muted />}
        </dl>
      )}
      {showActions && (
        <MemberActions
          member={member}
          actor={actor}
          editing={editing}
          onToggleEditing={onToggleEditing}
          className="flex flex-wrap gap-2 as-table:flex-nowrap as-table:justify-end"
        />
      )}
      {editing && (
        <RoleEditor
          member={member}
          actor={actor}
          onSaved={onToggleEditing}
          divided
          className="as-table:col-span-full"
        />
      )}
    </CardTableRow>
  );
}

/**
 * A term and its value: side by side on a card; in the table only the value shows (the column's header names
 * it), `muted` there beside the names.
 */
function Detail({
  term,
  value,
  nowrap = false,
  muted = false,
}: {
  term: string;
  value: string;
  nowrap?: boolean;
  muted?: boolean;
}) {
  return (
    <div className="flex gap-4">
      <dt className="w-16 shrink-0 text-text-muted as-table:sr-only">{term}</dt>
      <dd
        className={`min-w-0 ${nowrap ? 'whitespace-nowrap tabular' : 'break-words'} ${muted ? 'as-table:text-text-muted' : ''}`}
      >
        {value || '—'}
      </dd>
    </div>
  );
}
