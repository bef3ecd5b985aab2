import { can } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import { CardTable, type CardTableColumn } from '~/client/components/ui/card-table';
import { SearchField } from '~/client/components/ui/search-field';
import { MemberRow, hasContactDetails } from './member-row';
import { MemberList } from './member-list';
import { useMemberSearch } from './use-member-search';
import { TabSection } from '~/client/components/ui/tab-section';

/** Member Management: search, then message, ban or unban, and edit roles, member by member. */
export function MembersTab({ actor }: { actor: Actor }) {
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
