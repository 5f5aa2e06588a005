// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { Footer } from './footer';

let page: RenderedPage | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('the footer', () => {
  it('names the one time zone every page shows times in', async () => {
    // The article columns' lists are not what this test is about: they stay empty.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ type: 'ok', message: [] })));
    page = await renderPage(<Footer />, '/');
    const label = page.container.querySelector('[data-testid="footer-time-zone"]');
    expect(label?.textContent).toContain('UTC+8');
  });
});
