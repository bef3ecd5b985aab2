import { inject } from 'vitest';

/**
 * Releases `contenders` calls of `attempt` at the same moment, `rounds` times, each round on fresh state from
 * `setup`. Returns how many attempts won in each round: a correct claim, redeem or bonus has exactly one.
 * CI runs a few rounds; `npm run test:stress` runs many (RACE_ROUNDS).
 */
export async function race<State>(options: {
  contenders: number;
  rounds?: number;
  setup: (round: number) => Promise<State>;
  /** Resolves true when this attempt won; false or a rejection when it lost. */
  attempt: (state: State, contender: number) => Promise<boolean>;
}): Promise<number[]> {
  const rounds = options.rounds ?? inject('raceRounds');
  const winnersPerRound: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const state = await options.setup(round);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const attempts = Array.from({ length: options.contenders }, async (_, contender) => {
      await gate;
      return options.attempt(state, contender);
    });
    release();
    const results = await Promise.allSettled(attempts);
    winnersPerRound.push(results.filter((r) => r.status === 'fulfilled' && r.value === true).length);
  }
  return winnersPerRound;
}

/** A race signs up and signs in many members from one address, and one member acts many times at once: the limits that would stop it are lifted. */
export const RACE_LIMITS = {
  RATE_LIMIT_SIGN_UP_PER_IP: '100000/60',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000/60',
  // A race is one member pressing many times at once; the per-member limits have their own test
  // (src/server/abuse-limits.test.ts).
  ...Object.fromEntries(
    [
      'POSTS',
      'COMMENTS',
      'MESSAGES',
      'REPORTS',
      'RATINGS',
      'SEARCHES',
      'ORDERS',
      'PROMO_CODES',
      'EXPORTS',
    ].map((name) => [`RATE_LIMIT_${name}_PER_USER`, '100000/60']),
  ),
};
