import { LOCALES } from '@oryx/i18n/locales';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, getLocale } from '@/shared/i18n/i18n';
import { useChangeLocale } from '@/shared/session/set-lang';
import { Dropdown } from '@/shared/ui/dropdown';
import { GlobeIcon } from '@/shared/ui/icons';
import styles from './layout.module.css';

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = getLocale();
  const change = useChangeLocale();
  return (
    <Dropdown
      label={t('language.title')}
      trigger={
        <>
          <GlobeIcon />
          <span className={styles.hideOnPhone}>{LANGUAGE_NAMES[current]}</span>
        </>
      }
    >
      <ul className={styles.menuList} aria-label={t('language.title')}>
        {LOCALES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={lang}
              className={`${styles.menuItem} ${lang === current ? styles.menuItem_active : ''}`}
              aria-current={lang === current || undefined}
              disabled={change.isPending}
              onClick={() => lang !== current && change.mutate(lang)}
            >
              {LANGUAGE_NAMES[lang]}
            </button>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
