import { useId, type ReactNode } from 'react';
import { Avatar } from '~/client/components/ui/avatar';
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
 * The head of every member entry: avatar, name (which labels the entry, through `nameId`) and email (for staff
 * who see contact details); `children` add lines under it.
 */
export function MemberIdentity({
  member,
  nameId,
  heading = true,
  className = 'items-start',
  children,
}: {
  member: AdminMember;
  nameId: string;
  /** The name as a heading (a card) or as plain text (a table cell). */
  heading?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const Name = heading ? 'h3' : 'span';
  return (
    <div className={`flex gap-3 ${className}`}>
      <Avatar src={member.avatarUrl} lazy />
      <div className="flex min-w-0 flex-col">
        <Name id={nameId} className="text-base font-semibold break-words">
          {member.fullName}
        </Name>
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

/** One member as a stacked card, for phones. */
export function MemberCard({ member, actor, editing, onToggleEditing }: MemberEntryProps) {
  const nameId = useId();
  return (
    <MemberArticle nameId={nameId}>
      <MemberIdentity member={member} nameId={nameId} />
      <RoleBadges roles={member.roles} banned={member.banned} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {member.telegram !== undefined && <Detail term="Telegram" value={member.telegram} />}
        <Detail term="Joined" value={formatJoinDate(member.joinDate)} />
        {member.phone !== undefined && <Detail term="Phone" value={formatUsPhone(member.phone)} nowrap />}
        {member.address !== undefined && <Detail term="Address" value={member.address} />}
      </dl>
      <MemberActions member={member} actor={actor} editing={editing} onToggleEditing={onToggleEditing} />
      {editing && <RoleEditor member={member} actor={actor} onSaved={onToggleEditing} divided />}
    </MemberArticle>
  );
}

/** A member's card in a list: an item, named by the member's name (`nameId`). */
export function MemberArticle({ nameId, children }: { nameId: string; children: ReactNode }) {
  return (
    <li>
      <article
        aria-labelledby={nameId}
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
      >
        {children}
      </article>
    </li>
  );
}

function Detail({ term, value, nowrap }: { term: string; value: string; nowrap?: boolean }) {
  return (
    <>
      <dt className="text-text-muted">{term}</dt>
      <dd className={nowrap ? 'whitespace-nowrap tabular' : 'break-words'}>{value || '—'}</dd>
    </>
  );
}

/** One member as a table row (and the role editor as a full-width row under it), for wide screens. */
export function MemberTableRow({
  member,
  actor,
  editing,
  onToggleEditing,
  showContact,
  showActions,
}: MemberEntryProps & { showContact: boolean; showActions: boolean }) {
  const nameId = useId();
  const cell = 'px-4 py-3 align-top';
  return (
    <>
      <tr
        aria-labelledby={nameId}
        className="border-t border-border transition-colors hover:bg-surface-raised/60"
      >
        <td className={`${cell} min-w-64`}>
          <MemberIdentity member={member} nameId={nameId} heading={false}>
            {member.telegram !== undefined && (
              <span className="text-sm [overflow-wrap:anywhere] text-text-muted">
                <span className="sr-only">Telegram </span>
                {member.telegram}
              </span>
            )}
          </MemberIdentity>
        </td>
        <td className={cell}>
          <RoleBadges roles={member.roles} banned={member.banned} />
        </td>
        <td className={`${cell} text-sm whitespace-nowrap text-text-muted tabular`}>
          {formatJoinDate(member.joinDate)}
        </td>
        {showContact && (
          <td className={`${cell} max-w-64 text-sm`}>
            {member.phone && <div className="whitespace-nowrap tabular">{formatUsPhone(member.phone)}</div>}
            {member.address && <div className="text-text-muted">{member.address}</div>}
          </td>
        )}
        {showActions && (
          <td className={`${cell} w-px`}>
            <MemberActions
              member={member}
              actor={actor}
              editing={editing}
              onToggleEditing={onToggleEditing}
              className="flex justify-end gap-2"
            />
          </td>
        )}
      </tr>
      {editing && (
        <tr className="bg-background/40">
          <td colSpan={3 + Number(showContact) + Number(showActions)} className="px-4 pt-1 pb-4">
            <RoleEditor member={member} actor={actor} onSaved={onToggleEditing} />
          </td>
        </tr>
      )}
    </>
  );
}
