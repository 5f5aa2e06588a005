import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MarketTable } from '@/shared/market/market-table';
import { useQuotation } from '@/shared/market/quotation';
import { BannerCarousel } from '@/shared/news/banner-carousel';
import { buttonClass } from '@/shared/ui/button';
import { BoltIcon, ChevronRightIcon, LayersIcon, ShieldIcon } from '@/shared/ui/icons';
import { AntiFraudBar } from './components/anti-fraud-bar';
import { Announcements } from './components/announcements';
import { MarketTiles } from './components/market-tiles';
import styles from './home.module.css';

/**
 * Home (`/`): banner carousel, anti-fraud notice, the USDT market tiles, the market table with its star
 * view, the latest announcements and the safety / reliability / speed section. Prices stay live through
 * the `daymarket` socket pushes that patch the shared quotation cache.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: th } = useTranslation('home');
  const { t: tm } = useTranslation('market');
  const quotation = useQuotation();
  const points = [
    { icon: <ShieldIcon size={22} />, title: t('home.safeTitle'), text: t('home.safeText') },
    { icon: <LayersIcon size={22} />, title: t('home.reliableTitle'), text: t('home.reliableText') },
    { icon: <BoltIcon size={22} />, title: t('home.fastTitle'), text: t('home.fastText') },
  ];
  return (
    <div className={styles.page}>
      <BannerCarousel />
      <AntiFraudBar />

      <section className={styles.intro}>
        <div>
          <h1 className={styles.title}>{t('home.title')}</h1>
          <p className={styles.subtitle}>{t('home.subtitle')}</p>
        </div>
        <div className={styles.ctas}>
          <Link to="/dealCenter" className={buttonClass({ size: 'lg' })}>
            {t('home.spot')}
          </Link>
          <Link to="/allmarket" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
            {t('home.markets')}
          </Link>
        </div>
      </section>

      <MarketTiles groups={quotation.data} isPending={quotation.isPending} />

      <section className={styles.marketSection} aria-labelledby="home-markets">
        <div className={styles.sectionHead}>
          <h2 id="home-markets" className={styles.sectionTitle}>
            {tm('tableTitle')}
          </h2>
          <Link to="/allmarket" className={styles.sectionLink}>
            {tm('viewAll')}
            <ChevronRightIcon />
          </Link>
        </div>
        <MarketTable
          groups={quotation.data}
          isPending={quotation.isPending}
          error={quotation.error}
          onRetry={() => void quotation.refetch()}
        />
      </section>

      <Announcements />

      <section className={styles.why} aria-labelledby="home-why">
        <h2 id="home-why" className={styles.sectionTitle}>
          {th('whyTitle')}
        </h2>
        <div className={styles.points}>
          {points.map((p) => (
            <article key={p.title} className={styles.point}>
              <span className={styles.pointIcon}>{p.icon}</span>
              <h3 className={styles.pointTitle}>{p.title}</h3>
              <p className={styles.pointText}>{p.text}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
