import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { EventStreamSync } from './event-stream-sync';
import { LoadingVault } from './loading-vault';

/**
 * Every page: the live event stream, and scroll restoration (a new page opens at the top, Back and Forward return
 * to where the member was; a change of `?tab=` or a filter in place passes `preventScrollReset`).
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <EventStreamSync />
      <Suspense fallback={<LoadingVault />}>
        <Outlet />
      </Suspense>
    </>
  );
}
