import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styles from '../c2c.module.css';

/** Links between the C2C pages. */
export function C2cNav() {
  const { t } = useTranslation('c2c');
  const links = [
    ['/c2c', t('nav.market')],
    ['/c2cRelease', t('nav.release')],
    ['/c2cOrder', t('nav.orders')],
    ['/c2cRecord', t('nav.records')],
    ['/userSetting', t('nav.payment')],
  ] as const;
  return (
    <nav className={styles.nav} aria-label={t('nav.label')}>
      {links.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLink_active : ''}`}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
