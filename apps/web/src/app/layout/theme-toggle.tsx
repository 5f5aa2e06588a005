import { useTranslation } from 'react-i18next';
import { useTheme } from '@/shared/theme/theme';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';
import styles from './layout.module.css';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? t('theme.white') : t('theme.dark');
  return (
    <button
      type="button"
      className={styles.iconAction}
      onClick={toggle}
      aria-label={`${t('theme.toggle')}: ${next}`}
      title={`${t('theme.toggle')}: ${next}`}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
