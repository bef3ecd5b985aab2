import { useId, useState } from 'react';
import { memberActionRefusal } from '~/shared/permissions';
import type { AdminMember } from '../members.schema';
import type { Actor } from '~/shared/permissions';
import { EditRolesToggle } from './member-actions';
import { MemberAvatar } from './member-row';
import { EmptyState, ListError } from '~/client/components/ui/list-states';
import { MemberListSkeleton } from './member-list-skeleton';
import { LoadMore } from '~/client/components/load-more';
import { RoleBadges } from './role-badges';
import { RoleEditor } from './role-editor';
import { SearchField } from '~/client/components/ui/search-field';
import { useMemberSearch } from './use-member-search';

/** Role Management: find a user by full name or email, open their roles, tick, Save Changes. */
export function RolesTab({ actor }: { actor: Actor }) {
  const { text, setText, list, members } = useMemberSearch('roles');
  const [editingId, setEditingId] = useState<string | null>(null);

  return (
    <section aria-labelledby="roles-heading" className="flex flex-col gap-4">
      <h2 id="roles-heading" className="text-xl font-semibold tracking-tight">
        Role Management
      </h2>
      <SearchField label="Search users" placeholder="Full name or email" value={text} onChange={setText} />
      {list.isPending ? (
        <MemberListSkeleton />
      ) : list.isError && members.length === 0 ? (
        <ListError
          message="The members could not be loaded."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : members.length === 0 ? (
        <EmptyState>No members found.</EmptyState>
      ) : (
        <div aria-busy={list.isPlaceholderData} className="flex flex-col gap-3">
          <ul aria-label="Users" className="flex flex-col gap-3">
            {members.map((member) => (
              <RoleRow
                key={member.id}
                member={member}
                actor={actor}
                editing={editingId === member.id}
                onToggle={() => setEditingId((current) => (current === member.id ? null : member.id))}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoad={() => void list.fetchNextPage()}
            failedMessage="More members could not be loaded."
          />
        </div>
      )}
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
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <MemberAvatar member={member} />
            <div className="flex min-w-0 flex-col">
              <h3 id={nameId} className="text-base font-semibold break-words">
                {member.fullName}
              </h3>
              <p className="text-sm break-all text-text-muted">{member.email}</p>
            </div>
          </div>
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
        {editing && (
          <div className="border-t border-border pt-3">
            <RoleEditor member={member} actor={actor} onSaved={onToggle} />
          </div>
        )}
      </article>
    </li>
  );
}
