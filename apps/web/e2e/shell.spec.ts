import { resources } from '@oryx/i18n';
import {
  expect,
  readStorage,
  screenshot,
  setLocale,
  setTheme,
  test,
  type Locale,
  type Theme,
} from './fixtures';

const text = (locale: Locale) => resources[locale].common;

test.describe('shell', () => {
  for (const locale of ['en', 'zh'] as const) {
    for (const theme of ['dark', 'white'] as const satisfies Theme[]) {
      test(`renders in ${locale}, ${theme} theme, on desktop and phone`, async ({ page }) => {
        const t = text(locale);
        await setLocale(page, locale);
        await setTheme(page, theme);

        const html = page.locator('html');
        await expect(html).toHaveAttribute('data-theme', theme);
        await expect(html).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en');
        const header = page.getByRole('banner');
        for (const label of [
          t.nav.home,
          t.nav.markets,
          t.nav.spot,
          t.nav.leverage,
          t.nav.micro,
          t.nav.help,
        ]) {
          await expect(header.getByRole('link', { name: label, exact: true })).toBeVisible();
        }
        // Visitors: no assets or shops entry, login and register buttons instead of the account menu.
        await expect(header.getByRole('link', { name: t.nav.assets })).toHaveCount(0);
        await expect(header.getByRole('link', { name: t.nav.shops })).toHaveCount(0);
        await expect(header.getByRole('link', { name: t.account.login })).toBeVisible();
        await expect(header.getByRole('link', { name: t.account.register })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.title);
        await expect(page.getByRole('contentinfo')).toContainText(t.footer.about);

        // The notice list opens on hover and links to the help centre.
        await header.getByRole('button', { name: t.notices.title }).hover();
        await expect(header.getByRole('link', { name: t.notices.seeAll })).toBeVisible();
        await screenshot(page, `shell-${locale}-${theme}`);
        await page.mouse.move(700, 500);
        await expect(header.getByRole('link', { name: t.notices.seeAll })).toBeHidden();

        await page.setViewportSize({ width: 390, height: 844 });
        await expect(header.getByRole('link', { name: t.nav.markets, exact: true })).toBeHidden();
        await screenshot(page, `shell-${locale}-${theme}-phone`);
        await header.getByRole('button', { name: t.nav.menu }).click();
        const drawer = page.getByTestId('nav-drawer');
        await expect(drawer.getByRole('link', { name: t.nav.markets, exact: true })).toBeVisible();
        await screenshot(page, `shell-${locale}-${theme}-phone-menu`);
        await header.getByRole('button', { name: t.nav.closeMenu }).click();
        await header.getByRole('button', { name: t.language.title }).click();
        await expect(header.getByRole('button', { name: 'ไทย' })).toBeInViewport();
        await screenshot(page, `shell-${locale}-${theme}-phone-language`);
      });
    }
  }

  test('unknown routes show the not-found page', async ({ page }) => {
    await setTheme(page, 'white');
    await page.goto('/#/no-such-page');
    await expect(page.getByTestId('not-found')).toContainText(text('en').notFound.title);
    await screenshot(page, 'not-found-white');
    await page.getByRole('link', { name: text('en').notFound.home }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en').home.title);
  });

  test('language and theme chosen in the header survive a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: text('en').language.title }).click();
    const setLang = page.waitForRequest((r) => r.url().endsWith('/api/set/lang') && r.method() === 'POST');
    await header.getByRole('button', { name: '简体中文' }).click();
    expect((await setLang).postDataJSON()).toEqual({ lang: 'zh' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(header.getByRole('link', { name: text('zh').nav.markets, exact: true })).toBeVisible();

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'white');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'white');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh').home.title);
    expect(await readStorage(page)).toMatchObject({ locale: 'zh', theme: 'white' });
  });

  test('an empty stored locale means hk', async ({ page }) => {
    await setLocale(page, '' as Locale);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('hk').home.title);
  });

  test('logout revokes the session, clears storage but the locale and theme and goes to login', async ({
    page,
  }) => {
    // No login page exists yet, so the session is stored directly and user/info answered for it.
    await page.route('**/api/user/info', (route) =>
      route.fulfill({
        json: {
          type: 'ok',
          message: {
            id: 7,
            extension_code: 'SELLER01',
            is_seller: 1,
            type: '1',
            email: 'seller@oryx.local',
            phone: '',
            account_number: 'seller@oryx.local',
            area_code: '',
            area_code_id: 0,
            review_status: 0,
            lang: 'jp',
            role: 'user',
          },
        },
      }),
    );
    // The header bell asks for the (fake) session's notifications once user/info answered.
    await page.route('**/api/user/notifications?*', (route) =>
      route.fulfill({
        json: { type: 'ok', message: { list: [], page: 1, limit: 6, total: 0, unread: 0 } },
      }),
    );
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('locale', 'jp');
      localStorage.setItem('theme', 'white');
      localStorage.setItem('token', 'e2e-session-token');
    });
    await page.reload();

    const t = text('jp');
    const header = page.getByRole('banner');
    // user/info fields land in storage; a seller sees the shops entry, a logged-in user the assets entry.
    await expect(header.getByRole('link', { name: t.nav.shops })).toBeVisible();
    await expect(header.getByRole('link', { name: t.nav.assets })).toBeVisible();
    expect(await readStorage(page)).toMatchObject({
      user_id: '7',
      accountNum: 'seller@oryx.local',
      is_seller: '1',
    });

    await header.getByRole('button', { name: t.account.menu }).click();
    await expect(header.getByRole('link', { name: t.account.points })).toBeVisible();
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/user/logout'));
    await header.getByRole('button', { name: t.account.logout }).click();
    expect((await logoutCall).headers().authorization).toBe('e2e-session-token');

    await expect(page).toHaveURL(/#\/components\/login$/);
    await expect.poll(() => readStorage(page)).toEqual({ locale: 'jp', theme: 'white' });
    await expect(header.getByRole('link', { name: t.nav.assets })).toHaveCount(0);
  });

  test('a 999 reply (invalid token) clears the session and goes to login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('token', 'bogus-token');
      localStorage.setItem('user_id', '42');
    });
    // The server's reply is read on its way to the page (route.fetch), not from the page's response:
    // once the app redirects, the browser may no longer hold that body, and a wait for it never ends.
    const replies: string[] = [];
    await page.route('**/api/user/info', async (route) => {
      const response = await route.fetch();
      replies.push(((await response.json().catch(() => ({}))) as { type?: string }).type ?? '');
      await route.fulfill({ response });
    });
    await page.reload();
    // A ceiling, not a wait: on a loaded machine the reloaded app can take more than the usual 10 s to ask.
    await expect.poll(() => replies, { timeout: 30_000 }).toContain('999');

    await expect(page.getByTestId('toast')).toHaveText(text('en').session.expired);
    await expect(page).toHaveURL(/#\/components\/login$/);
    expect(await readStorage(page)).toEqual({ locale: 'en' });
  });
});
