import { createBrowserRouter } from 'react-router';
import { RootLayout } from './components/root-layout';

/** Every route, each page loaded on demand so the first load stays small. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      { path: '/', lazy: () => import('./pages/welcome-page') },
      { path: '*', lazy: () => import('./pages/not-found-page') },
    ],
  },
]);
