import { useIsLoggedIn, useIsSeller } from '@/shared/session/session';

export interface NavItem {
  to: string;
  /** Key under `nav.` in common.json. */
  label: 'home' | 'markets' | 'spot' | 'leverage' | 'micro' | 'c2c' | 'fiat' | 'shops' | 'assets' | 'help';
}

/** Header menu: shops only for sellers, assets only when logged in. */
export function useNavItems(): NavItem[] {
  const isLoggedIn = useIsLoggedIn();
  const isSeller = useIsSeller();
  const items: (NavItem | false)[] = [
    { to: '/', label: 'home' },
    { to: '/allmarket', label: 'markets' },
    { to: '/dealCenter', label: 'spot' },
    { to: '/leverdealCenter', label: 'leverage' },
    { to: '/secondsOrder', label: 'micro' },
    { to: '/c2c', label: 'c2c' },
    { to: '/fiatradCenter', label: 'fiat' },
    isSeller && { to: '/myLegalShops', label: 'shops' },
    isLoggedIn && { to: '/dealFinance', label: 'assets' },
    { to: '/noticeList', label: 'help' },
  ];
  return items.filter((i): i is NavItem => i !== false);
}
