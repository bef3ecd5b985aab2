import { useId } from 'react';
import { memberActionRefusal } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import { SearchField } from '~/client/components/ui/search-field';
import type { AdminMember } from '../members.schema';
import { EditRolesToggle } from './member-actions';
import { MemberIdentity } from './member-row';
import { MemberList } from './member-list';
import { RoleBadges } from './role-badges';
import { RoleEditor } from './role-editor';
import { useMemberSearch } from './use-member-search';

/** Role Management: find a user by full name or email, open their roles, tick, Save Changes. */
export function RolesTab({ actor }: { actor: Actor }) {
  const { text, setText, list, members, editingId, toggleEditing } = useMemberSearch('roles');

  return (
    <section aria-labelledby="roles-heading" className="flex flex-col gap-4">
      <h2 id="roles-heading" className="text-xl font-semibold tracking-tight">
        Role Management
      </h2>
      <SearchField label="Search users" placeholder="Full name or email" value={text} onChange={setText} />
      <MemberList list={list} empty={members.length === 0}>
        <ul aria-label="Users" className="flex flex-col gap-3">
          {members.map((member) => (
            <RoleRow
              key={member.id}
              member={member}
              actor={actor}
              editing={editingId === member.id}
              onToggle={() => toggleEditing(member.id)}
            />
          ))}
        </ul>
      </MemberList>
    </section>
  );
}

function RoleRow({
  member,
  actor,
  editing,
  onToggle,
}: {
  member: AdminMember;
  actor: Actor;
  editing: boolean;
  onToggle: () => void;
}) {
  const nameId = useId();
  return (
    <li>
      <article
        aria-labelledby={nameId}
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <MemberIdentity member={member} nameId={nameId} className="min-w-0 flex-1 items-center" />
          <div className="sm:max-w-[45%]">
            <RoleBadges roles={member.roles} banned={member.banned} />
          </div>
          <div className="shrink-0">
            <EditRolesToggle
              member={member}
              refusal={memberActionRefusal(actor, member)}
              editing={editing}
              onToggle={onToggle}
            />
          </div>
        </div>
        {editing && <RoleEditor member={member} actor={actor} onSaved={onToggle} divided />}
      </article>
    </li>
  );
}
