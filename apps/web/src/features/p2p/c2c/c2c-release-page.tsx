import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireSession } from '@/shared/session/require-session';
import { AdForm } from './components/ad-form';
import { C2cNav } from './components/c2c-nav';
import { MyAds, type AdsShown } from './components/my-ads';
import styles from './c2c.module.css';

/** /c2cRelease: post an ad (buy form and sell form side by side) and my ads under them. */
export default function C2cReleasePage() {
  return (
    <RequireSession>
      <C2cRelease />
    </RequireSession>
  );
}

function C2cRelease() {
  const { t } = useTranslation('c2c');
  // After posting, my ads show the new ad's side and currency.
  const [shown, setShown] = useState<AdsShown>({ side: 'sell', currencyId: 0 });
  return (
    <div className={styles.page} data-testid="c2c-release">
      <C2cNav />
      <h1 className={styles.pageTitle}>{t('form.pageTitle')}</h1>
      <div className={styles.forms}>
        <AdForm side="buy" onPosted={(currencyId) => setShown({ side: 'buy', currencyId })} />
        <AdForm side="sell" onPosted={(currencyId) => setShown({ side: 'sell', currencyId })} />
      </div>
      <MyAds shown={shown} onShow={setShown} />
    </div>
  );
}
