import { useEffect, useState } from 'react';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import type { AdminMember, MemberSearch } from '../members.schema';
import { useMemberList } from './members.queries';

/**
 * A search box's text, the list it finds (searched once typing pauses), a toast when the list fails, and which
 * member's roles are open for editing (one at a time); `entry(member)` gives a member's row or card what it needs
 * of that.
 */
export function useMemberSearch(scope: NonNullable<MemberSearch['scope']>) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const list = useMemberList(scope, q);
  const { error } = list;
  const [editingId, setEditingId] = useState<string | null>(null);
  const toggleEditing = (id: string) => setEditingId((current) => (current === id ? null : id));
  const entry = (member: AdminMember) => ({
    member,
    editing: editingId === member.id,
    onToggleEditing: () => toggleEditing(member.id),
  });

  useEffect(() => {
    // UNAUTHORIZED means the session ended: the page goes to sign in instead.
    if (error && !isApiError(error, 'UNAUTHORIZED')) {
      showErrorToast(error, 'Error fetching users');
    }
  }, [error]);

  return {
    text,
    setText,
    q,
    list,
    // From the keystroke until its results show: the list on screen is not yet what the box says.
    searching: text.trim() !== q || list.isPlaceholderData,
    members: list.data?.items ?? [],
    entry,
  };
}
