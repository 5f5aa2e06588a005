import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout } from '@/shared/session/logout';
import { useUserType } from '@/shared/session/session';
import { STORAGE_KEYS, useStorageItem } from '@/shared/storage/storage';
import { Dropdown } from '@/shared/ui/dropdown';
import { ChevronDownIcon, UserIcon } from '@/shared/ui/icons';
import styles from './layout.module.css';

/** Account centre, settings, deposit earning, team, points exchange (not for stored type '0') and logout. */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const userType = useUserType();
  const logout = useLogout();
  return (
    <ul className={styles.menuList}>
      <li>
        <Link className={styles.menuItem} to="/accountCenter" onClick={onNavigate}>
          {t('account.centre')}
        </Link>
      </li>
      <li>
        <Link className={styles.menuItem} to="/accountSet" onClick={onNavigate}>
          {t('account.settings')}
        </Link>
      </li>
      <li>
        <Link className={styles.menuItem} to="/manage" onClick={onNavigate}>
          {t('account.earning')}
        </Link>
      </li>
      <li>
        <Link className={styles.menuItem} to="/team" onClick={onNavigate}>
          {t('account.team')}
        </Link>
      </li>
      {userType !== '0' && (
        <li>
          <Link className={styles.menuItem} to="/integralExchange" onClick={onNavigate}>
            {t('account.points')}
          </Link>
        </li>
      )}
      <li className={styles.menuDivider} role="separator" />
      <li>
        <button
          type="button"
          className={styles.menuItem}
          disabled={logout.isPending}
          onClick={() => {
            onNavigate?.();
            logout.mutate();
          }}
        >
          {t('account.logout')}
        </button>
      </li>
    </ul>
  );
}

export function AccountMenu() {
  const { t } = useTranslation();
  const account = useStorageItem(STORAGE_KEYS.accountNum);
  return (
    <Dropdown
      label={t('account.menu')}
      trigger={
        <>
          <span className={styles.avatar}>
            <UserIcon size={16} />
          </span>
          <span className={styles.accountName}>{account || t('account.menu')}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {(close) => <AccountLinks onNavigate={close} />}
    </Dropdown>
  );
}
