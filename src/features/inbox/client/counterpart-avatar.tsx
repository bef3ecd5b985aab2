import { ShieldCheck, UserRound } from 'lucide-react';
import { Avatar } from '~/client/components/ui/avatar';
import type { Counterpart } from '../inbox.schema';

/**
 * The other party's avatar: their picture, or a generic one for the Admin Team (the server sends no picture
 * of a masked staff member) and for a member who has left.
 */
export function CounterpartAvatar({
  counterpart,
  size = 'md',
}: {
  counterpart: Counterpart;
  size?: 'md' | 'sm';
}) {
  const team = counterpart.kind === 'team';
  return (
    <Avatar src={counterpart.avatarUrl} icon={team ? ShieldCheck : UserRound} accent={team} size={size} />
  );
}
