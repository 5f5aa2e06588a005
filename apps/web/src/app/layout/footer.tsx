import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_CATEGORIES, noticeDetailPath, useNewsList } from '@/shared/news/get-news-list';
import { APP_DOWNLOADS, SUPPORT_EMAIL } from '../config';
import { Logo } from './logo';
import styles from './layout.module.css';
import { TIME_ZONE_LABEL } from '@/shared/lib/time';

/** Footer columns list at most this many articles each. */
const ARTICLES_MAX = 6;

function ArticleColumn({ title, cId }: { title: string; cId: number }) {
  const articles = useNewsList(cId);
  const list = articles.data?.list.slice(0, ARTICLES_MAX) ?? [];
  return (
    <div className={styles.footerColumn}>
      <h3 className={styles.footerHeading}>{title}</h3>
      <ul className={styles.footerList}>
        {list.map((a) => (
          <li key={a.id}>
            <Link to={noticeDetailPath(a.id)}>{a.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const downloads = [
  { href: APP_DOWNLOADS.ios, label: 'footer.ios' },
  { href: APP_DOWNLOADS.android, label: 'footer.android' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  // Only the links this deployment configured (app/config.ts).
  const links = downloads.filter((d) => d.href !== null);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBrand}>
          <Logo />
          <p className={styles.footerTagline}>{t('brand.tagline')}</p>
          <p className={styles.footerRisk}>{t('footer.risk')}</p>
          {SUPPORT_EMAIL && (
            <a className={styles.footerEmail} href={`mailto:${SUPPORT_EMAIL}`}>
              {t('support.email')}
            </a>
          )}
        </div>
        <ArticleColumn title={t('footer.about')} cId={NEWS_CATEGORIES.about} />
        <ArticleColumn title={t('footer.support')} cId={NEWS_CATEGORIES.support} />
        {links.length > 0 && (
          <div className={styles.footerColumn} data-testid="footer-downloads">
            <h3 className={styles.footerHeading}>{t('footer.download')}</h3>
            <ul className={styles.footerList}>
              {links.map((d) => (
                <li key={d.label}>
                  <a href={d.href ?? undefined}>{t(d.label)}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className={styles.footerBottom}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
        <span data-testid="footer-time-zone"> · {t('timeZoneNote', { zone: TIME_ZONE_LABEL })}</span>
        {' · '}
        <Link to="/pol" data-testid="footer-pol">
          {t('footer.pol')}
        </Link>
      </div>
    </footer>
  );
}
