// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import EarnArea from './earn-area';

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.userType);
});

const links = () => [...page!.container.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));

describe('the earn shell', () => {
  it('lists the points exchange for ordinary users', async () => {
    storage.set(STORAGE_KEYS.userType, '1');
    page = await renderPage(<EarnArea />, '/manage');
    await page.waitFor(() => expect(links()).toContain('/integralExchange'));
    expect(links()).toEqual([
      '/manage',
      '/manageList',
      '/team',
      '/tree',
      '/profit',
      '/integralExchange',
      '/coinExchange',
    ]);
  });

  it('has no points-exchange entry for users of stored type 0', async () => {
    storage.set(STORAGE_KEYS.userType, '0');
    page = await renderPage(<EarnArea />, '/manage');
    await page.waitFor(() => expect(links()).toContain('/coinExchange'));
    expect(links()).not.toContain('/integralExchange');
  });
});
