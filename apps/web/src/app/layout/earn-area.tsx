import { useTranslation } from 'react-i18next';
import { useUserType } from '@/shared/session/session';
import { RequireSession } from '@/shared/session/require-session';
import { SideMenuLayout } from '@/shared/ui/side-menu-layout';

/**
 * The earning, team, points and coin-exchange pages: a left menu and the page, login required. Users
 * of stored type '0' get no points-exchange entry (as in the account menu).
 */
export default function EarnArea() {
  const { t } = useTranslation('earning');
  const userType = useUserType();
  const items = [
    { to: '/manage', label: t('menu.manage') },
    { to: '/manageList', label: t('menu.records') },
    { to: '/team', label: t('menu.team') },
    { to: '/tree', label: t('menu.tree') },
    { to: '/profit', label: t('menu.profit') },
  ];
  const exchange = [
    ...(userType !== '0' ? [{ to: '/integralExchange', label: t('menu.points') }] : []),
    { to: '/coinExchange', label: t('menu.exchange') },
  ];
  return (
    <RequireSession>
      <SideMenuLayout label={t('menu.title')} groups={[items, exchange]} isStacked />
    </RequireSession>
  );
}
