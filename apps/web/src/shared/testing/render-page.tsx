import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { setReplyNotices } from '../api/reply-handler';
import { i18n, initI18n } from '../i18n/i18n';
import { confirm } from '../ui/confirm';
import { Toaster, toast } from '../ui/toast';

// React's act() warnings are about the test environment; this tells React the environment is one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Where the page navigated to, when it left: any other path renders this. */
function ElsewhereRoute() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

export interface RenderedPage {
  container: HTMLElement;
  /** The whole document's text: the page and the toasts (which render outside it). */
  text: () => string;
  /** Resolves once `check` stops throwing (queries settle, pushes land); fails after `timeoutMs`. */
  waitFor: (check: () => void, timeoutMs?: number) => Promise<void>;
  unmount: () => void;
}

/**
 * Renders one page at `url` inside the app's providers (translations, a fresh query cache, a memory
 * router, the toast host), for route-level tests in a DOM environment.
 */
export async function renderPage(page: ReactElement, url: string, path = url.split('?')[0]!) {
  if (!i18n.isInitialized) await initI18n();
  // As the app's start-up does (app/reply-notices.ts): the API layer's global replies show as toasts.
  setReplyNotices({ error: (message) => void toast.error(message), confirm });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <ElsewhereRoute /> },
    ],
    { initialEntries: [url] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  const waitFor = async (check: () => void, timeoutMs = 3000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        check();
        return;
      } catch (err) {
        if (Date.now() > until) throw err;
        await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      }
    }
  };
  const unmount = () => {
    act(() => root?.unmount());
    container.remove();
    queryClient.clear();
  };
  const text = () => document.body.textContent ?? '';
  return { container, text, waitFor, unmount } satisfies RenderedPage;
}

/** Types into a controlled input or select as a user would (React listens to the native events). */
export async function fillIn(field: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

/** Clicks an element (a button, a submit) inside act(). */
export async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
}
