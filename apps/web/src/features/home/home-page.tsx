import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/shared/ui/button';
import { BoltIcon, LayersIcon, ShieldIcon } from '@/shared/ui/icons';
import styles from './home.module.css';

/** The welcome hero and the safety / reliability / speed points of the home page. */
export default function HomePage() {
  const { t } = useTranslation();
  const points = [
    { icon: <ShieldIcon size={22} />, title: t('home.safeTitle'), text: t('home.safeText') },
    { icon: <LayersIcon size={22} />, title: t('home.reliableTitle'), text: t('home.reliableText') },
    { icon: <BoltIcon size={22} />, title: t('home.fastTitle'), text: t('home.fastText') },
  ];
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t('brand.tagline')}</p>
          <h1 className={styles.title}>{t('home.title')}</h1>
          <p className={styles.subtitle}>{t('home.subtitle')}</p>
          <div className={styles.ctas}>
            <Link to="/dealCenter" className={buttonClass({ size: 'lg' })}>
              {t('home.spot')}
            </Link>
            <Link to="/allmarket" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
              {t('home.markets')}
            </Link>
          </div>
        </div>
        <div className={styles.art} aria-hidden="true">
          <svg viewBox="0 0 320 200" className={styles.chart}>
            <defs>
              <linearGradient id="home-area" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.35" />
                <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path
              d="M0 150 L30 140 L60 146 L90 118 L120 124 L150 96 L180 104 L210 72 L240 82 L270 48 L300 56 L320 30 L320 200 L0 200 Z"
              fill="url(#home-area)"
            />
            <path
              d="M0 150 L30 140 L60 146 L90 118 L120 124 L150 96 L180 104 L210 72 L240 82 L270 48 L300 56 L320 30"
              fill="none"
              stroke="var(--accent)"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
            {[
              [40, 120, 30, 'up'],
              [80, 104, 40, 'down'],
              [120, 90, 26, 'up'],
              [160, 70, 36, 'up'],
              [200, 60, 28, 'down'],
              [240, 40, 34, 'up'],
              [280, 24, 30, 'up'],
            ].map(([x, y, h, dir]) => (
              <g key={x} className={dir === 'up' ? styles.candleUp : styles.candleDown}>
                <line x1={x} x2={x} y1={Number(y) - 8} y2={Number(y) + Number(h) + 8} strokeWidth="1.5" />
                <rect x={Number(x) - 6} y={y} width="12" height={h} rx="2" />
              </g>
            ))}
          </svg>
        </div>
      </section>
      <section className={styles.points}>
        {points.map((p) => (
          <article key={p.title} className={styles.point}>
            <span className={styles.pointIcon}>{p.icon}</span>
            <h2 className={styles.pointTitle}>{p.title}</h2>
            <p className={styles.pointText}>{p.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
