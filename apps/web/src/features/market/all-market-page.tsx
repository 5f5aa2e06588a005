import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarketTable } from '@/shared/market/market-table';
import { useQuotation } from '@/shared/market/quotation';
import { BannerCarousel } from '@/shared/news/banner-carousel';
import styles from './market.module.css';

/** All markets (`/allmarket`): banners, then every market with search, sorting, favourites and live prices. */
export default function AllMarketPage() {
  const { t } = useTranslation('market');
  const quotation = useQuotation();
  const [search, setSearch] = useState('');
  return (
    <div className={styles.page}>
      <BannerCarousel compact />
      <header className={styles.head}>
        <h1 className={styles.title}>{t('allTitle')}</h1>
        <p className={styles.subtitle}>{t('allSubtitle')}</p>
      </header>
      <MarketTable
        variant="full"
        groups={quotation.data}
        isPending={quotation.isPending}
        error={quotation.error}
        onRetry={() => void quotation.refetch()}
        search={search}
        toolbar={
          <input
            type="search"
            className={styles.search}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            maxLength={20}
            onChange={(e) => setSearch(e.target.value)}
          />
        }
      />
    </div>
  );
}
