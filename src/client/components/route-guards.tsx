import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '~/client/lib/session';
import type { Capability } from '~/shared/permissions';
import { can } from '~/shared/permissions';
import { paths, returnPathOf } from '../lib/paths';
import { LoadingVault } from './loading-vault';
import { SessionUnavailable } from './session-unavailable';

/**
 * The routes below need a signed-in member; visitors go to /login. These only decide what to show: the server
 * refuses every call without a session anyway.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.data === undefined) {
    // Without a connection the session is fetched again by itself once the connection is back.
    const offline = session.fetchStatus === 'paused' || !navigator.onLine;
    return session.isError || offline ? (
      <SessionUnavailable offline={offline} onRetry={() => void session.refetch()} />
    ) : (
      <LoadingVault />
    );
  }
  if (!session.data.user) {
    return <Navigate to={paths.login()} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Members without the capability go to /feed. Admin and driver pages are kept out of search engines. */
export function RequireCapability({ capability }: { capability: Capability }) {
  const { data } = useSession();
  if (!can(data?.user, capability)) return <Navigate to={paths.feed()} replace />;
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Outlet />
    </>
  );
}

/**
 * The welcome, sign-in and request-access pages are for visitors: a signed-in member goes straight to the feed
 * (or back to the page that sent them to sign in), without a glimpse of the visitor's page first. If the session
 * cannot be read (or there is no connection), the visitor's page still opens.
 */
export function VisitorsOnly() {
  const session = useSession();
  const location = useLocation();
  if (session.data === undefined && !session.isError && session.fetchStatus !== 'paused')
    return <LoadingVault />;
  // Just signed in on /login: on to the page that sent them there, if one did.
  if (session.data?.user) return <Navigate to={returnPathOf(location.state) ?? paths.feed()} replace />;
  return <Outlet />;
}
