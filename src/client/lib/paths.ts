/** Every URL the app links to, built in one place. */
export const paths = {
  welcome: () => '/',
  requestAccess: () => '/request-access',
  login: () => '/login',
  forgotPassword: () => '/forgot-password',
  /** E-mail links land on these two with `?token=` (the server builds them). */
  resetPassword: () => '/reset-password',
  verifyEmail: () => '/verify-email',
  terms: () => '/terms',
  privacy: () => '/privacy',
  communityRules: () => '/community-rules',
  disclaimer: () => '/disclaimer',
  feed: () => '/feed',
  menu: () => '/menu',
  leaderboard: () => '/leaderboard',
  missions: () => '/missions',
  rewardsCenter: () => '/rewards-center',
  cart: () => '/cart',
  orders: () => '/orders',
  profile: () => '/profile',
  account: () => '/account',
  /** Account settings, scrolled to the two-factor section (the dashboard's setup card links here). */
  accountTwoFactor: () => '/account#two-factor',
  publicProfile: (userId: string) => `/profile/${encodeURIComponent(userId)}`,
  inbox: () => '/inbox',
  conversation: (conversationId: string) => `/inbox/${encodeURIComponent(conversationId)}`,
  admin: () => '/admin',
  /** The driver's queue, on one of its lists (Available when none is named). */
  driverQueue: (list?: 'my-runs' | 'history') => (list ? `/driver-queue?list=${list}` : '/driver-queue'),
  priceGuide: () => '/price-guide',
} as const;

/** The router's patterns for paths with a parameter (paths.* encode their argument, so they cannot build these). */
export const routePatterns = {
  publicProfile: '/profile/:userId',
  conversation: '/inbox/:conversationId',
  /** The inbox with or without an open conversation. */
  inbox: '/inbox/:conversationId?',
} as const;

/**
 * Where a visitor sent to sign in was going (RequireSession puts it in the history state), so signing in takes
 * them there instead of the feed. Only a path on this site: a history state is ours, but it is checked anyway.
 */
export function returnPathOf(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  return from;
}
