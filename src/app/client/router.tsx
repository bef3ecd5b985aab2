import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingVault } from '~/client/components/loading-vault';
import { RootLayout } from '~/client/components/root-layout';
import { RequireCapability, RequireSession, VisitorsOnly } from '~/client/components/route-guards';
import { paths, routePatterns } from '~/client/lib/paths';

/** A public text page: one component, its text loaded with the route. */
const staticPage = (path: string, load: () => Promise<{ content: unknown }>): RouteObject => ({
  path,
  loader: async () => (await load()).content,
  lazy: () => import('~/client/pages/static-page'),
});

/** Every route, each page loaded on demand so the first load stays small. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: LoadingVault,
    children: [
      // Public. The welcome, sign-in and request-access pages are for visitors: members go to the feed.
      {
        Component: VisitorsOnly,
        children: [
          { path: paths.welcome(), lazy: () => import('~/features/accounts/client/welcome-page') },
          { path: paths.login(), lazy: () => import('~/features/accounts/client/login-page') },
          {
            path: paths.forgotPassword(),
            lazy: () => import('~/features/accounts/client/forgot-password-page'),
          },
          {
            path: paths.requestAccess(),
            lazy: () => import('~/features/accounts/client/request-access-page'),
          },
        ],
      },
      // E-mail links open in whatever state the browser is in: signed in, signed out, or as someone else.
      {
        path: paths.resetPassword(),
        lazy: () => import('~/features/accounts/client/reset-password-page'),
      },
      { path: paths.verifyEmail(), lazy: () => import('~/features/accounts/client/verify-email-page') },
      staticPage(paths.terms(), () => import('~/client/content/terms.content')),
      staticPage(paths.privacy(), () => import('~/client/content/privacy.content')),
      staticPage(paths.communityRules(), () => import('~/client/content/community-rules.content')),
      staticPage(paths.disclaimer(), () => import('~/client/content/disclaimer.content')),

      // Signed in.
      {
        Component: RequireSession,
        children: [
          // An element, not a loader's redirect: a route that renders nothing makes React Router warn.
          { path: paths.priceGuide(), element: <Navigate to={paths.menu()} replace /> },
          {
            lazy: () => import('./signed-in-layout'),
            children: [
              { path: paths.feed(), lazy: () => import('~/features/feed/client/feed-page') },
              { path: paths.menu(), lazy: () => import('~/features/shop/client/menu-page') },
              { path: paths.leaderboard(), lazy: () => import('~/features/economy/client/leaderboard-page') },
              { path: paths.missions(), lazy: () => import('~/features/economy/client/missions-page') },
              {
                path: paths.rewardsCenter(),
                lazy: () => import('~/features/economy/client/rewards-center-page'),
              },
              { path: paths.cart(), lazy: () => import('./pages/cart-page') },
              { path: paths.orders(), lazy: () => import('~/features/shop/client/my-orders-page') },
              { path: paths.profile(), lazy: () => import('~/features/profiles/client/profile-page') },
              { path: paths.account(), lazy: () => import('~/app/client/pages/account-page') },
              {
                path: routePatterns.publicProfile,
                lazy: () => import('~/features/profiles/client/public-profile-page'),
              },
              // One route for the list and the open thread, so opening a conversation keeps the list as it was.
              { path: routePatterns.inbox, lazy: () => import('~/features/inbox/client/inbox-page') },
              {
                element: <RequireCapability capability="view:admin" />,
                children: [{ path: paths.admin(), lazy: () => import('~/app/client/pages/admin-page') }],
              },
              {
                element: <RequireCapability capability="view:driver-queue" />,
                children: [
                  {
                    path: paths.driverQueue(),
                    lazy: () => import('~/features/delivery/client/driver-queue-page'),
                  },
                ],
              },
            ],
          },
        ],
      },

      { path: '*', lazy: () => import('~/client/pages/not-found-page') },
    ],
  },
]);
