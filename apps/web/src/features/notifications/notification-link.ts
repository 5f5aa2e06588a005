import type { Notification } from '@oryx/contracts/notifications/calls';

type Linkable = Pick<Notification, 'kind' | 'params'>;

/** The page of a deal for its recipient: `area` names the market, `role` their part in the deal. */
function dealLink({ id, area, role, type }: Record<string, string | undefined>): string | null {
  if (!id) return null;
  switch (area) {
    case 'c2c':
      return `/c2cDetail?id=${id}`;
    case 'shop':
      // The ad's owner sees the deal as the shop; the taker as their own deal.
      return role === 'owner' ? `/shopLegalPayDetail?id=${id}` : `/legalPayDetail?id=${id}`;
    case 'acceptor':
      // The acceptor works on the desk; the user's deals are listed by side (0 deposits, 1 withdrawals).
      return role === 'acceptor' ? '/acceptorDesk' : `/chargeRecord?current=${type === 'sell' ? 1 : 0}`;
    default:
      return null;
  }
}

/** Work waiting on an operator: the console page that decides it. */
function consoleLink(kind: string, area: string | undefined): string | null {
  if (kind === 'console.appeal') return '/console/appeals';
  if (kind === 'console.dispute') return '/console/acceptors';
  if (kind === 'console.reconciliation') return '/console/reconciliation';
  if (kind === 'console.withdrawal') return area === 'rupiah' ? '/console/payouts' : '/console/withdrawals';
  return null;
}

/**
 * Where a notification leads in the web app (a path of app/routes.tsx, with its query), or null when
 * its subject has no page. Rupiah deposits and payouts (`area: 'rupiah'`) lead to their own pages.
 */
export function notificationLink(n: Linkable): string | null {
  const p = n.params;
  const family = n.kind.split('.')[0];
  switch (family) {
    case 'deal':
      return dealLink(p);
    case 'spot':
      return '/accountEntrust';
    case 'lever':
      return '/leverList';
    case 'micro':
      return p.id ? `/micro/proof/${encodeURIComponent(p.id)}` : null;
    case 'deposit':
      return p.area === 'rupiah' ? '/rupiahRecharge' : '/coinRecord?view=deposit';
    case 'withdraw':
      return p.area === 'rupiah' ? '/rupiahWithdraw' : '/coinRecord?view=withdraw';
    case 'security':
      return n.kind === 'security.api_key_created' ? '/apiKeys' : '/security';
    case 'console':
      return consoleLink(n.kind, p.area);
    default:
      return null;
  }
}
