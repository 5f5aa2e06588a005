import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styles from '../lever.module.css';

/** Links between the lever pages. */
export function LeverNav() {
  const { t } = useTranslation('lever');
  const links = [
    ['/leverdealCenter', t('ui.nav.deal')],
    ['/leverTransactions', t('ui.nav.transactions')],
    ['/allTransaction', t('ui.nav.all')],
    ['/leverList', t('ui.nav.list')],
  ] as const;
  return (
    <nav className={styles.nav} aria-label={t('ui.nav.label')}>
      {links.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLink_active : ''}`}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
