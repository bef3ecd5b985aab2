import { useEffect, useState } from 'react';
import { ApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import type { MemberSearch } from '../members.schema';
import { useMemberList } from './members.queries';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';

/** A search box's text, the list it finds (searched once typing pauses), and a toast when the list fails. */
export function useMemberSearch(scope: NonNullable<MemberSearch['scope']>) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const list = useMemberList(scope, q);
  const { error } = list;

  useEffect(() => {
    // A 401 means the session ended: the page goes to sign in instead.
    if (error && !(error instanceof ApiError && error.status === 401)) {
      showErrorToast(error, 'Error fetching users');
    }
  }, [error]);

  return { text, setText, q, list, members: list.data?.pages.flatMap((page) => page.members) ?? [] };
}
