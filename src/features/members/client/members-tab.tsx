import { can } from '~/shared/permissions';
import { useMediaQuery } from '~/client/lib/use-media-query';
import type { Actor } from '~/shared/permissions';
import { SearchField } from '~/client/components/ui/search-field';
import { MemberCard, MemberTableRow, hasContactDetails } from './member-row';
import { MemberList } from './member-list';
import { useMemberSearch } from './use-member-search';
import { TabSection } from '~/client/components/ui/tab-section';

/** Wide enough for the table's columns and each row's buttons; below it members are stacked cards. */
const TABLE_QUERY = '(min-width: 1200px)';

const headerCell =
  'sticky top-[calc(5.25rem+env(safe-area-inset-top))] z-10 bg-surface px-4 py-3 text-left text-xs font-semibold tracking-wide text-text-muted uppercase';

/** Member Management: search, then message, ban or unban, and edit roles, member by member. */
export function MembersTab({ actor }: { actor: Actor }) {
  const { text, setText, list, members, entry } = useMemberSearch('members');
  const wide = useMediaQuery(TABLE_QUERY);
  const showContact = members.some(hasContactDetails);
  const showActions = (['message:members', 'manage:members', 'edit:roles'] as const).some((capability) =>
    can(actor, capability),
  );

  return (
    <TabSection id="members-heading" title="Member Management">
      <SearchField
        label="Search members"
        placeholder={can(actor, 'read:contact-details') ? 'Name, email or telegram' : 'Full name'}
        value={text}
        onChange={setText}
      />
      <MemberList list={list} empty={members.length === 0}>
        {wide ? (
          <div className="overflow-clip rounded-card border border-border bg-surface">
            <table className="w-full border-collapse">
              <caption className="sr-only">Members</caption>
              <thead>
                <tr>
                  {['Member', 'Roles', 'Joined', ...(showContact ? ['Contact'] : [])].map((title) => (
                    <th key={title} scope="col" className={headerCell}>
                      {title}
                    </th>
                  ))}
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
                    {...entry(member)}
                    actor={actor}
                    showContact={showContact}
                    showActions={showActions}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul aria-label="Members" className="grid items-start gap-3 md:grid-cols-2">
            {members.map((member) => (
              <MemberCard key={member.id} {...entry(member)} actor={actor} />
            ))}
          </ul>
        )}
      </MemberList>
    </TabSection>
  );
}
