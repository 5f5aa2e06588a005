// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { layoutRoutes } from './routes';

/** Every path of a route list, children included. */
const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

let page: RenderedPage | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
});

describe('paths the specification names', () => {
  it.each([
    ['/finanrec', '/balancelog'],
    ['/lever_manger', '/leverTransactions'],
  ])('%s leads to the page Oryx has for it (%s), not a 404', async (from, to) => {
    expect(paths(layoutRoutes)).toContain(to);
    const alias = layoutRoutes.find((r) => r.path === from);
    expect(alias?.element).toBeTruthy();
    page = await renderPage(alias!.element as ReactElement, from);
    await page.waitFor(() => expect(page!.container.textContent).toBe(to));
  });
});
