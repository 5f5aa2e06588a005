import { expect, it } from 'vitest';
import { NEWS_CATEGORIES } from '@oryx/contracts/news/calls';
import { describeEachDb } from '../../../test/harness';

const ADMIN = 'admin@oryx.local';
const USER = 'demo1@oryx.local';

describeEachDb('news: categories, languages, admin editing, sanitization', (getApp) => {
  it.each(Object.entries(NEWS_CATEGORIES))(
    'serves seeded %s (c_id %s) in every language',
    async (_name, cId) => {
      const t = getApp();
      for (const lang of ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind']) {
        const res = await t.call('POST', '/api/news/list', { c_id: cId }, { headers: { 'x-locale': lang } });
        expect(res.body.type).toBe('ok');
        expect(res.body.message.list.length).toBeGreaterThan(0);
        for (const item of res.body.message.list) {
          expect(item).toEqual({
            id: expect.any(Number),
            title: expect.any(String),
            abstract: expect.any(String),
            cover: expect.any(String),
            update_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          });
        }
      }
    },
  );

  it('has three banners with covers shipped under /banners/, several header notices and the four support topics', async () => {
    const t = getApp();
    const banners = (await t.call('POST', '/api/news/list', { c_id: 5 })).body.message.list;
    expect(banners).toHaveLength(3);
    for (const b of banners) expect(b.cover).toMatch(/^\/banners\/[\w-]+\.svg$/);
    expect(
      (await t.call('POST', '/api/news/list', { c_id: 11 })).body.message.list.length,
    ).toBeGreaterThanOrEqual(3);
    const support = (await t.call('POST', '/api/news/list', { c_id: 30 })).body.message.list.map(
      (i: { title: string }) => i.title,
    );
    expect(support.join(' | ')).toMatch(/fee/i);
    expect(support.join(' | ')).toMatch(/deposit/i);
    expect(support.join(' | ')).toMatch(/seconds/i);
    expect(support.join(' | ')).toMatch(/risk/i);
  });

  it('pages the list and reports the last page', async () => {
    const t = getApp();
    const all = (await t.call('POST', '/api/news/list', { c_id: 4, limit: 50 })).body.message;
    const first = (await t.call('POST', '/api/news/list', { c_id: 4, limit: 1, page: 1 })).body.message;
    expect(first.list).toHaveLength(1);
    expect(first.total).toBe(all.total);
    expect(first.last_page).toBe(all.total);
    const beyond = (await t.call('POST', '/api/news/list', { c_id: 4, limit: 1, page: all.total + 1 })).body
      .message;
    expect(beyond.list).toEqual([]);
  });

  it('refuses the admin calls to visitors (999) and to plain users (403)', async () => {
    const t = getApp();
    const body = { c_id: 4, lang: 'en', title: 'x', content: '<p>x</p>' };
    expect((await t.call('POST', '/api/admin/news', body)).body).toMatchObject({ type: '999' });
    const token = await t.tokenFor(USER);
    const user = await t.call('POST', '/api/admin/news', body, { token });
    expect(user.body.type).toBe('error');
    expect(user.body).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect((await t.call('PUT', '/api/admin/news', { id: 1, title: 'y' }, { token })).body.type).toBe(
      'error',
    );
    expect((await t.call('DELETE', '/api/admin/news', { id: 1 }, { token })).body.type).toBe('error');
    expect((await t.call('POST', '/api/admin/news/del', { id: 1 }, { token })).body.type).toBe('error');
    expect((await t.call('GET', '/api/admin/news/list', undefined, { token })).body.type).toBe('error');
    const still = await t.call('POST', '/api/news/detail', { id: 1 });
    expect(still.body.type).toBe('ok');
  });

  it('creates, translates, edits and deletes an article; readers fall back to English', async () => {
    const t = getApp();
    const token = await t.tokenFor(ADMIN);
    const created = await t.call(
      'POST',
      '/api/admin/news',
      {
        c_id: 4,
        lang: 'en',
        title: 'Maintenance on Sunday',
        content: '<p>Deposits pause for 30 minutes.</p>',
        abstract: 'Short pause',
        sort: 0,
      },
      { token },
    );
    expect(created.body.type).toBe('ok');
    const id = created.body.message.id as number;

    // No Thai version yet: a Thai visitor gets the English one.
    const th = await t.call('POST', '/api/news/list', { c_id: 4 }, { headers: { 'x-locale': 'th' } });
    expect(th.body.message.list.map((i: { title: string }) => i.title)).toContain('Maintenance on Sunday');
    const thDetail = await t.call('POST', '/api/news/detail', { id }, { headers: { 'x-locale': 'th' } });
    expect(thDetail.body.message.title).toBe('Maintenance on Sunday');

    const zh = await t.call(
      'POST',
      '/api/admin/news',
      { c_id: 4, lang: 'zh', title: '周日维护', content: '<p>充值暂停 30 分钟。</p>', translation_of: id },
      { token },
    );
    expect(zh.body.message.group_key).toBe(created.body.message.group_key);
    const dup = await t.call(
      'POST',
      '/api/admin/news',
      { c_id: 4, lang: 'zh', title: 'again', content: '', translation_of: id },
      { token },
    );
    expect(dup.body.code).toBe('CONFLICT');
    // The English id read by a Chinese visitor shows the Chinese translation.
    const zhDetail = await t.call('POST', '/api/news/detail', { id }, { headers: { 'x-locale': 'zh' } });
    expect(zhDetail.body.message.title).toBe('周日维护');

    const edited = await t.call('PUT', '/api/admin/news', { id, title: 'Maintenance on Monday' }, { token });
    expect(edited.body.message).toMatchObject({
      title: 'Maintenance on Monday',
      content: '<p>Deposits pause for 30 minutes.</p>',
    });
    const viaPost = await t.call('POST', '/api/admin/news/edit', { id, abstract: 'Moved' }, { token });
    expect(viaPost.body.message).toMatchObject({ title: 'Maintenance on Monday', abstract: 'Moved' });

    const listed = await t.call('GET', '/api/admin/news/list', { c_id: '4', lang: 'zh' }, { token });
    expect(listed.body.message.data.map((r: { id: number }) => r.id)).toContain(zh.body.message.id);

    expect(
      (await t.call('DELETE', '/api/admin/news', { id, all_languages: 1 }, { token })).body.message,
    ).toEqual({ deleted: 2 });
    expect((await t.call('POST', '/api/news/detail', { id })).body.type).toBe('error');
    expect((await t.call('POST', '/api/admin/news/del', { id }, { token })).body.type).toBe('error');
  });

  it('sanitizes content on the way in: no script, no event handler, no javascript: URL reaches a reader', async () => {
    const t = getApp();
    const token = await t.tokenFor(ADMIN);
    const evil =
      '<p onclick="steal()">Hello<script>alert(1)</script></p>' +
      '<img src=x onerror=alert(1)><img src="/uploads/ok.png" onerror="alert(2)"><img src="/banners/banner-1.svg">' +
      '<a href="javascript:alert(3)">bad</a><a href="https://oryx.example/help">good</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
      '<svg><script>alert(4)</script></svg><table><tr><td style="x" colspan="2">cell</td></tr></table>';
    const res = await t.call(
      'POST',
      '/api/admin/news',
      {
        c_id: 30,
        lang: 'en',
        title: 'Safe <b>title</b><script>x</script>',
        content: evil,
        abstract: '<i>a</i> & b',
      },
      { token },
    );
    expect(res.body.type).toBe('ok');
    const detail = (await t.call('POST', '/api/news/detail', { id: res.body.message.id })).body.message;
    for (const bad of [
      /<script/i,
      /onerror/i,
      /onclick/i,
      /javascript:/i,
      /<iframe/i,
      /<style/i,
      /<svg/i,
      /alert\(/,
      /style=/,
    ]) {
      expect(detail.content).not.toMatch(bad);
    }
    expect(detail.content).toContain('<p>Hello</p>');
    expect(detail.content).toContain('<img src="/uploads/ok.png" />');
    expect(detail.content).toContain('<img src="/banners/banner-1.svg" />');
    expect(detail.content).toContain(
      '<a rel="noopener noreferrer" href="https://oryx.example/help" target="_blank">good</a>',
    );
    expect(detail.content).toContain('<td colspan="2">cell</td>');
    expect(detail.title).toBe('Safe title');
    expect(detail.abstract).toBe('a & b');

    const edit = await t.call(
      'PUT',
      '/api/admin/news',
      { id: res.body.message.id, content: '<p>ok</p><img src="data:image/png;base64,AAAA">' },
      { token },
    );
    expect(edit.body.message.content).toBe('<p>ok</p>');
    const badCover = await t.call(
      'POST',
      '/api/admin/news',
      { c_id: 5, lang: 'en', title: 'c', content: '', cover: 'javascript:alert(1)' },
      { token },
    );
    expect(badCover.body.type).toBe('error');
    const emptyTitle = await t.call(
      'POST',
      '/api/admin/news',
      { c_id: 5, lang: 'en', title: '<script>x</script>', content: '' },
      { token },
    );
    expect(emptyTitle.body.type).toBe('error');
  });
});
