import { can } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import { CardTable, type CardTableColumn } from '~/client/components/ui/card-table';
import { SearchField } from '~/client/components/ui/search-field';
import { MemberRow, hasContactDetails } from './member-row';
import { MemberList } from './member-list';
import { useMemberSearch } from './use-member-search';
import { TabSection } from '~/client/components/ui/tab-section';
import { Tabs } from '~/client/components/ui/tabs';
import { CountBadge } from '~/client/components/ui/count-badge';
import { useSearchParams } from 'react-router';
import { JoinRequestsSection } from './join-requests-section';
import { useJoinRequests } from './members.queries';

type MembersView = 'members' | 'pending';

/**
 * Member Management: search, then message, ban or unban, and edit roles, member by member. For those who decide
 * requests to join, a Pending view beside it (`?view=pending`, where their notifications link), with its count.
 */
export function MembersTab({ actor }: { actor: Actor }) {
  const [params, setParams] = useSearchParams();
  const reviews = can(actor, 'approve:members');
  const pending = useJoinRequests(reviews);
  const view: MembersView = reviews && params.get('view') === 'pending' ? 'pending' : 'members';
  if (!reviews) return <MemberManagement actor={actor} />;
  const pendingCount = pending.data?.pages[0]?.pendingCount ?? 0;
  const setView = (next: MembersView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'pending') updated.set('view', 'pending');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return (
    <Tabs
      label="Members or requests to join"
      value={view}
      onValueChange={setView}
      className="gap-4"
      items={[
        { value: 'members', label: 'Members', content: <MemberManagement actor={actor} /> },
        {
          value: 'pending',
          label: (
            <span className="inline-flex items-center gap-2">
              Pending
              <CountBadge count={pendingCount} className="inline-grid h-5 px-1.5">
                <span className="sr-only"> waiting</span>
              </CountBadge>
            </span>
          ),
          content: (
            <TabSection
              id="pending-heading"
              title="Requests to Join"
              description="Oldest first. Approve lets them in at once; Decline sends them your reason."
            >
              <JoinRequestsSection list={pending} />
            </TabSection>
          ),
        },
      ]}
    />
  );
}

function MemberManagement({ actor }: { actor: Actor }) {
  const { text, setText, list, searching, members, entry } = useMemberSearch('members');
  const showContact = members.some(hasContactDetails);
  const showActions = (['message:members', 'manage:members', 'edit:roles'] as const).some((capability) =>
    can(actor, capability),
  );
  const columns: CardTableColumn[] = [
    { title: 'Member', width: 'minmax(15rem,1.5fr)' },
    { title: 'Roles', width: 'minmax(6rem,0.8fr)' },
    { title: 'Joined', width: 'auto' },
    ...(showContact ? [{ title: 'Contact', width: 'minmax(9rem,1fr)' }] : []),
    ...(showActions ? [{ width: 'auto' }] : []),
  ];

  return (
    <TabSection id="members-heading" title="Member Management">
      <SearchField
        label="Search members"
        placeholder={can(actor, 'read:contact-details') ? 'Name, email or telegram' : 'Full name'}
        value={text}
        onChange={setText}
      />
      <MemberList list={list} empty={members.length === 0} searching={searching}>
        {/* A table only where a row's three buttons fit beside its details. */}
        <CardTable label="Members" columns={columns} tableFrom="xl" twoCards="own-height">
          {members.map((member) => (
            <MemberRow
              key={member.id}
              {...entry(member)}
              actor={actor}
              showContact={showContact}
              showActions={showActions}
            />
          ))}
        </CardTable>
      </MemberList>
    </TabSection>
  );
}
