import { useTranslation } from 'react-i18next';
import { useTheme } from '@/shared/theme/theme';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';
import { IconButton } from '@/shared/ui/icon-button';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? t('theme.white') : t('theme.dark');
  return (
    <IconButton
      label={`${t('theme.toggle')}: ${next}`}
      onClick={toggle}
      title={`${t('theme.toggle')}: ${next}`}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
