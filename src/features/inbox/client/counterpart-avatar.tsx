import { ShieldCheck, UserRound } from 'lucide-react';
import type { Counterpart } from '../inbox.schema';

const sizes = { md: 'size-11', sm: 'size-9' } as const;

/**
 * The other party's avatar: their picture, or a generic one for the Admin Team (the server sends no picture
 * of a masked staff member) and for a member who has left.
 */
export function CounterpartAvatar({
  counterpart,
  size = 'md',
}: {
  counterpart: Counterpart;
  size?: keyof typeof sizes;
}) {
  const box = `${sizes[size]} shrink-0 rounded-full border border-border`;
  if (counterpart.avatarUrl) {
    return (
      <img
        src={counterpart.avatarUrl}
        alt=""
        width={44}
        height={44}
        className={`${box} bg-surface-raised object-cover`}
      />
    );
  }
  const Icon = counterpart.kind === 'team' ? ShieldCheck : UserRound;
  return (
    <span
      aria-hidden
      className={`${box} grid place-items-center ${counterpart.kind === 'team' ? 'bg-primary/15 text-primary' : 'bg-surface-raised text-text-muted'}`}
    >
      <Icon className="size-5" />
    </span>
  );
}
