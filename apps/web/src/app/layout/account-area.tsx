import { useTranslation } from 'react-i18next';
import { RequireSession } from '@/shared/session/require-session';
import { SideMenuLayout } from '@/shared/ui/side-menu-layout';

/**
 * The account area: a left menu and the page. Pages of other areas that
 * belong here (/accountCenter, /transferLog, ...) go in the same route group in routes.tsx. Without a
 * token every page of the area sends the visitor to the login page.
 */
const ITEMS = [
  { to: '/accountCenter', key: 'centre' },
  { to: '/accountSet', key: 'settings' },
  { to: '/security', key: 'security' },
  { to: '/apiKeys', key: 'apiKeys' },
  { to: '/accountMessage', key: 'info' },
  { to: '/authentication', key: 'identity' },
  { to: '/bandbank', key: 'bank' },
  { to: '/userSetting', key: 'payment' },
  { to: '/transferLog', key: 'transferLog' },
  { to: '/aceite', key: 'aceite' },
  { to: '/chargeRecord', key: 'chargeRecord' },
  { to: '/region', key: 'region' },
] as const;

export default function AccountArea() {
  const { t } = useTranslation('auth');
  return (
    <RequireSession>
      <SideMenuLayout
        label={t('menu.title')}
        groups={[ITEMS.map((item) => ({ to: item.to, label: t(`menu.${item.key}`) }))]}
      />
    </RequireSession>
  );
}
