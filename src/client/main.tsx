import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { startEventStream } from './lib/event-stream';
import { createQueryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

const queryClient = createQueryClient();
startEventStream(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster theme="dark" visibleToasts={1} duration={5000} position="bottom-center" closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
