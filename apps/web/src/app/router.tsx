import { createHashRouter } from 'react-router-dom';
import { setNavigate } from '@/shared/lib/navigate';
import { PageSpinner } from '@/shared/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { withNamespaces } from './route-namespaces';
import { layoutRoutes, standaloneRoutes } from './routes';

/** Hash router: the server serves one index.html for every page. */
export const router = createHashRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [...withNamespaces(layoutRoutes), { path: '*', element: <NotFoundPage /> }],
  },
  ...withNamespaces(standaloneRoutes).map((route) => ({
    ...route,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
  })),
]);

// Code outside components (the global reply handler, logout) navigates through the router.
setNavigate((to) => void router.navigate(to));
