import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { EventStreamSync } from './event-stream-sync';
import { LoadingVault } from './loading-vault';

export function RootLayout() {
  return (
    <>
      <EventStreamSync />
      <Suspense fallback={<LoadingVault />}>
        <Outlet />
      </Suspense>
    </>
  );
}
