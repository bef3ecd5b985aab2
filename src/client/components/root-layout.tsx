import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingVault } from './loading-vault';

export function RootLayout() {
  return (
    <Suspense fallback={<LoadingVault />}>
      <Outlet />
    </Suspense>
  );
}
