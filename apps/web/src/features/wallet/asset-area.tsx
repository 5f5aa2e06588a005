import { useTranslation } from 'react-i18next';
import { RequireSession } from '@/shared/session/require-session';
import { SideMenuLayout } from '@/shared/ui/side-menu-layout';

/**
 * The asset shell (`/new_account`): a left menu of the accounts and the
 * transfer pages, and the page. Every page of the group needs a session.
 */
const ACCOUNTS = [
  { to: '/finance', label: 'area.overview' },
  { to: '/dealFinance', label: 'walletName.change' },
  { to: '/lever', label: 'walletName.lever' },
  { to: '/legal', label: 'walletName.legal' },
  { to: '/micro', label: 'walletName.micro' },
] as const;
const TOOLS = [
  { to: '/recharge', label: 'area.deposit' },
  { to: '/setCash', label: 'area.withdraw' },
  { to: '/withdraw_address', label: 'area.addresses' },
  { to: '/transfer', label: 'area.transfer' },
  { to: '/transferRecord', label: 'area.transferRecord' },
  { to: '/balancelog', label: 'area.balanceLog' },
  { to: '/pol', label: 'area.pol' },
] as const;

export default function AssetArea() {
  const { t } = useTranslation('wallet');
  const items = (list: typeof ACCOUNTS | typeof TOOLS) =>
    list.map((item) => ({ to: item.to, label: t(item.label) }));
  return (
    <RequireSession>
      <SideMenuLayout
        label={t('area.nav')}
        title={t('area.title')}
        groups={[items(ACCOUNTS), items(TOOLS)]}
        isStacked
      />
    </RequireSession>
  );
}
