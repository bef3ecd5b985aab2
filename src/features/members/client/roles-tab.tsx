import { useId } from 'react';
import { memberActionRefusal } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import { SearchField } from '~/client/components/ui/search-field';
import { EditRolesToggle } from './member-actions';
import { CardTableRow } from '~/client/components/ui/card-table';
import { MemberIdentity, type MemberEntryProps } from './member-row';
import { MemberList } from './member-list';
import { RoleBadges } from './role-badges';
import { RoleEditor } from './role-editor';
import { useMemberSearch } from './use-member-search';
import { TabSection } from '~/client/components/ui/tab-section';

/** Role Management: find a user by full name or email, open their roles, tick, Save Changes. */
export function RolesTab({ actor }: { actor: Actor }) {
  const { text, setText, list, searching, members, entry } = useMemberSearch('roles');

  return (
    <TabSection id="roles-heading" title="Role Management">
      <SearchField label="Search users" placeholder="Full name or email" value={text} onChange={setText} />
      <MemberList list={list} empty={members.length === 0} searching={searching}>
        <ul aria-label="Users" className="flex flex-col gap-3">
          {members.map((member) => (
            <RoleRow key={member.id} {...entry(member)} actor={actor} />
          ))}
        </ul>
      </MemberList>
    </TabSection>
  );
}

function RoleRow({ member, actor, editing, onToggleEditing }: MemberEntryProps) {
  const nameId = useId();
  return (
    <CardTableRow labelledBy={nameId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <MemberIdentity member={member} nameId={nameId} className="min-w-0 flex-1 items-center" />
        <div className="sm:max-w-[45%]">
          <RoleBadges roles={member.roles} banned={member.banned} status={member.status} />
        </div>
        <div className="shrink-0">
          <EditRolesToggle
            member={member}
            refusal={memberActionRefusal(actor, member)}
            editing={editing}
            onToggle={onToggleEditing}
          />
        </div>
      </div>
      {editing && <RoleEditor member={member} actor={actor} onSaved={onToggleEditing} divided />}
    </CardTableRow>
  );
}
