import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { useOpenShop, useRegionAgent } from './api/business';
import styles from './console.module.css';

/** The business roles an operator assigns to a user: a seller's shop, a region agent, an acceptor. */
export function BusinessRolesCard({ id, account }: { id: number; account: string }) {
  const { t } = useTranslation('console');
  const [currency, setCurrency] = useState('1');
  const [shopName, setShopName] = useState('');
  const [city, setCity] = useState('');
  const [district, setDistrict] = useState('');
  const openShop = useOpenShop();
  const agent = useRegionAgent();
  const onShop = (e: FormEvent) => {
    e.preventDefault();
    openShop.mutate(
      { account, currency_id: Number(currency), name: shopName },
      { onSuccess: () => toast.success(t('business.shopOpened')) },
    );
  };
  const onAgent = (remove: 0 | 1) =>
    agent.mutate(
      { user_id: id, city_name: city, district_name: district, remove },
      { onSuccess: (m) => toast.success(m) },
    );
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('business.title')}</h2>
      <form className={styles.form} onSubmit={onShop}>
        <p className={styles.muted}>{t('business.shopHint')}</p>
        <div className={styles.row}>
          <Input
            label={t('user.currencyId')}
            value={currency}
            inputMode="numeric"
            onChange={(e) => setCurrency(e.target.value.replace(/\D/g, ''))}
          />
          <Input
            label={t('business.shopName')}
            value={shopName}
            maxLength={40}
            onChange={(e) => setShopName(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          loading={openShop.isPending}
          disabled={!shopName.trim() || !currency}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('business.openShop')}
        </Button>
      </form>
      <div className={styles.form} style={{ marginTop: 20 }}>
        <p className={styles.muted}>{t('business.agentHint')}</p>
        <div className={styles.row}>
          <Input
            label={t('business.city')}
            value={city}
            maxLength={40}
            onChange={(e) => setCity(e.target.value)}
          />
          <Input
            label={t('business.district')}
            value={district}
            maxLength={40}
            onChange={(e) => setDistrict(e.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button loading={agent.isPending} disabled={!city.trim()} onClick={() => onAgent(0)}>
            {t('business.appointAgent')}
          </Button>
          <Button variant="secondary" disabled={!city.trim()} onClick={() => onAgent(1)}>
            {t('business.removeAgent')}
          </Button>
        </div>
      </div>
      <p className={styles.muted} style={{ marginTop: 20 }}>
        <Link to={`/console/acceptors?user=${id}`}>{t('business.acceptorLink')}</Link>
      </p>
    </section>
  );
}
