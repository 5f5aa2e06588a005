import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsSeller } from '@/shared/session/session';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/fiatradCenter`: the fiat trade centre, the way into the shops' market, my deals and (sellers) my shops. */
export default function FiatTradeCenterPage() {
  const { t } = useTranslation('shop');
  const isSeller = useIsSeller();
  const cards: { to: string; title: string; text: string }[] = [
    { to: '/legalTrade?side=buy', title: t('center.buy'), text: t('center.buyText') },
    { to: '/legalTrade?side=sell', title: t('center.sell'), text: t('center.sellText') },
    { to: '/legalRecord', title: t('center.deals'), text: t('center.dealsText') },
  ];
  if (isSeller) cards.push({ to: '/myLegalShops', title: t('center.shops'), text: t('center.shopsText') });
  return (
    <div className={styles.page}>
      <Card padding="md">
        <PageHeader title={t('center.title')} subtitle={t('center.subtitle')} shrink />
      </Card>
      <Card padding="md">
        <div className={styles.hubGrid}>
          {cards.map((c) => (
            <Link key={c.to} to={c.to} className={styles.hubCard}>
              <span className={styles.hubTitle}>{c.title}</span>
              <span className={styles.muted}>{c.text}</span>
            </Link>
          ))}
        </div>
        <p className={styles.hint} data-spaced="">
          {t('center.rules')}
        </p>
      </Card>
    </div>
  );
}
