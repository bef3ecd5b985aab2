import { useState } from 'react';
import { can } from '~/shared/permissions';
import { useMediaQuery } from '~/client/lib/use-media-query';
import type { Actor } from '~/shared/permissions';
import { MemberCard, MemberTableRow, hasContactDetails } from './member-row';
import { EmptyState, ListError } from '~/client/components/ui/list-states';
import { MemberListSkeleton } from './member-list-skeleton';
import { LoadMore } from '~/client/components/load-more';
import { SearchField } from '~/client/components/ui/search-field';
import { useMemberSearch } from './use-member-search';

/** Wide enough for the table's columns and each row's buttons; below it members are stacked cards. */
const TABLE_QUERY = '(min-width: 1200px)';

const headerCell =
  'sticky top-[calc(5.25rem+env(safe-area-inset-top))] z-10 bg-surface px-4 py-3 text-left text-xs font-semibold tracking-wide text-text-muted uppercase';

/** Member Management: search, then message, ban or unban, and edit roles, member by member. */
export function MembersTab({ actor }: { actor: Actor }) {
  const { text, setText, list, members } = useMemberSearch('members');
  const wide = useMediaQuery(TABLE_QUERY);
  const [editingId, setEditingId] = useState<string | null>(null);
  const toggle = (id: string) => setEditingId((current) => (current === id ? null : id));
  const showContact = members.some(hasContactDetails);
  const showActions = (['message:members', 'manage:members', 'edit:roles'] as const).some((capability) =>
    can(actor, capability),
  );

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-4">
      <h2 id="members-heading" className="text-xl font-semibold tracking-tight">
        Member Management
      </h2>
      <SearchField
        label="Search members"
        placeholder="Name, email or telegram"
        value={text}
        onChange={setText}
      />
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
          {wide ? (
            <div className="overflow-clip rounded-card border border-border bg-surface">
              <table className="w-full border-collapse">
                <caption className="sr-only">Members</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headerCell}>
                      Member
                    </th>
                    <th scope="col" className={headerCell}>
                      Roles
                    </th>
                    <th scope="col" className={headerCell}>
                      Joined
                    </th>
                    {showContact && (
                      <th scope="col" className={headerCell}>
                        Contact
                      </th>
                    )}
                    {showActions && (
                      <th scope="col" className={headerCell}>
                        <span className="sr-only">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {members.map((member) => (
                    <MemberTableRow
                      key={member.id}
                      member={member}
                      actor={actor}
                      showContact={showContact}
                      showActions={showActions}
                      editing={editingId === member.id}
                      onToggleEditing={() => toggle(member.id)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul aria-label="Members" className="grid items-start gap-3 md:grid-cols-2">
              {members.map((member) => (
                <MemberCard
                  key={member.id}
                  member={member}
                  actor={actor}
                  editing={editingId === member.id}
                  onToggleEditing={() => toggle(member.id)}
                />
              ))}
            </ul>
          )}
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
