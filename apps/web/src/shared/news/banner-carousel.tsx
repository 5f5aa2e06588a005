import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronRightIcon } from '../ui/icons';
import { NEWS_CATEGORIES, noticeDetailPath, useNewsList } from './get-news-list';
import styles from './banner-carousel.module.css';
import { shimmerClass } from '../ui/skeleton';

/** Banners advance every 5000 ms. */
export const BANNER_AUTOPLAY_MS = 5000;
/** Banners shown at most (the category may hold more). */
const BANNERS_MAX = 8;

/**
 * The looping banner carousel (news category 5): covers with their title and abstract, autoplay that
 * pauses while the pointer or focus is on it, arrows and dots. Its height is fixed by the layout, so
 * nothing below moves while banners load; with no banner at all it renders nothing.
 */
export function BannerCarousel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('home');
  const banners = useNewsList(NEWS_CATEGORIES.banners);
  const list = (banners.data?.list ?? []).filter((b) => b.cover).slice(0, BANNERS_MAX);
  const count = list.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const active = count ? index % count : 0;

  const go = useCallback((next: number) => setIndex(count ? (next + count) % count : 0), [count]);

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [count, paused, active]);

  const className = `${styles.carousel} ${compact ? styles.compact : ''}`;
  if (banners.isPending) {
    return (
      <div className={`${className} ${shimmerClass}`} aria-hidden="true" data-testid="banner-skeleton" />
    );
  }
  if (count === 0) return null;

  return (
    <section
      className={className}
      aria-roledescription="carousel"
      aria-label={t('bannerLabel')}
      data-testid="banner-carousel"
      data-index={active}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.track} style={{ transform: `translateX(-${active * 100}%)` }}>
        {list.map((b, i) => (
          <Link
            key={b.id}
            to={noticeDetailPath(b.id)}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}: ${b.title}`}
            aria-hidden={i !== active}
            tabIndex={i === active ? 0 : -1}
          >
            <img
              className={styles.cover}
              src={b.cover}
              alt=""
              draggable={false}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <div className={styles.caption}>
              <h2 className={styles.title}>{b.title}</h2>
              {b.abstract && <p className={styles.abstract}>{b.abstract}</p>}
              <span className={styles.more}>
                {t('more')}
                <ChevronRightIcon />
              </span>
            </div>
          </Link>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('bannerPrev')}
            onClick={() => go(active - 1)}
          >
            <ChevronRightIcon />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('bannerNext')}
            onClick={() => go(active + 1)}
          >
            <ChevronRightIcon />
          </button>
          <div className={styles.dots}>
            {list.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={`${styles.dot} ${i === active ? styles.dotActive : ''}`}
                aria-label={t('bannerGoTo', { n: i + 1 })}
                aria-current={i === active || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
