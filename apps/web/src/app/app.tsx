import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '@/shared/api/query-client';
import { i18n } from '@/shared/i18n/i18n';
import { ConfirmHost } from '@/shared/ui/confirm';
import { PageSpinner } from '@/shared/ui/spinner';
import { Toaster } from '@/shared/ui/toast';
import { router } from './router';

/** Providers (query cache, translations), the router, and the hosts of toasts and confirm dialogs. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* A page whose translations are not loaded yet waits here (see route-namespaces.ts). */}
        <Suspense fallback={<PageSpinner />}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster />
        <ConfirmHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
