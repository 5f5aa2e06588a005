import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@oryx/contracts/notifications/calls';
import { notificationLink } from '@/features/notifications/notification-link';
import { layoutRoutes, standaloneRoutes } from './routes';

// Every parameter set a notification of each kind can carry (areas, roles, sides): the link of each
// must be a page of the app, never the 404.
const VARIANTS: Record<string, string>[] = [
  { id: '7' },
  { id: '7', area: 'rupiah' },
  { id: '7', area: 'coin' },
  ...['c2c', 'shop'].flatMap((area) =>
    ['owner', 'taker'].map((role) => ({ id: '7', area, role, result: 'release' })),
  ),
  ...['acceptor', 'user'].flatMap((role) =>
    ['buy', 'sell'].map((type) => ({ id: '7', area: 'acceptor', role, type })),
  ),
];

describe('notification links', () => {
  it('each kind with a subject links to a route of the app', () => {
    const linked = new Set<string>();
    for (const kind of NOTIFICATION_KINDS)
      for (const params of VARIANTS) {
        const to = notificationLink({ kind, params });
        if (to === null) continue;
        linked.add(kind);
        const pathname = new URL(to, 'https://oryx.test').pathname;
        expect([
          to,
          matchRoutes([...layoutRoutes, ...standaloneRoutes], pathname)?.at(-1)?.route.path,
        ]).toEqual([to, expect.any(String)]);
      }
    expect([...linked].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});
