import { useEffect } from 'react';
import { toast } from '~/client/lib/toast';
import { useClaimWeeklyBonus } from './economy.queries';

/** Members whose bonus was already asked for in this page load (sign in, or a session restored on load). */
const askedThisPageLoad = new Set<string>();

/**
 * Claims the weekly login bonus when a member's session starts in this page, and says so when one is awarded
 * (spec section 4; stored on the server, ARCHITECTURE.md departure 2). Renders nothing.
 */
export function WeeklyBonus({ userId }: { userId: string }) {
  const { mutate } = useClaimWeeklyBonus({
    // On the hook rather than on mutate(): it must still run if the member has moved on to another page.
    onSuccess: ({ awarded, xp, coins }) => {
      if (!awarded) return;
      whenNoToastShows(() =>
        toast.success('Weekly Bonus!', {
          description: `You earned +${xp} XP and +${coins} Coins for your weekly login!`,
        }),
      );
    },
    // Not worth a toast; the next page load asks again.
    onError: () => askedThisPageLoad.delete(userId),
  });

  useEffect(() => {
    if (askedThisPageLoad.has(userId)) return;
    askedThisPageLoad.add(userId);
    mutate();
  }, [userId, mutate]);

  return null;
}

const CHECK_EVERY_MS = 250;
const WAIT_AT_MOST_MS = 15_000;

/**
 * One toast shows at a time (spec section 9) and a newer one would hide the current one: the bonus waits for
 * 'Welcome back, ...!' (or whatever shows) to close instead of replacing it.
 */
function whenNoToastShows(show: () => void, waited = 0) {
  if (toast.count() === 0 || waited >= WAIT_AT_MOST_MS) {
    show();
    return;
  }
  window.setTimeout(() => whenNoToastShows(show, waited + CHECK_EVERY_MS), CHECK_EVERY_MS);
}
