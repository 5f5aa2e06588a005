import { LOCALES } from '@oryx/i18n/locales';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, getLocale } from '@/shared/i18n/i18n';
import { VALUATION_CURRENCIES, setValuationCurrency, useValuation } from '@/shared/market/valuation';
import { useChangeLocale } from '@/shared/session/set-lang';
import { Dropdown } from '@/shared/ui/dropdown';
import { GlobeIcon } from '@/shared/ui/icons';
import styles from './layout.module.css';

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = getLocale();
  const change = useChangeLocale();
  const valuation = useValuation();
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
      <ul className={styles.menuList} aria-label={t('valuation.title')} data-testid="valuation-menu">
        <li className={styles.menuHeading}>{t('valuation.title')}</li>
        {VALUATION_CURRENCIES.map((c) => (
          <li key={c}>
            <button
              type="button"
              className={`${styles.menuItem} ${c === valuation.currency ? styles.menuItem_active : ''}`}
              aria-current={c === valuation.currency || undefined}
              onClick={() => setValuationCurrency(c)}
              data-testid={`valuation-${c}`}
            >
              {t(`valuation.${c}`)}
            </button>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
