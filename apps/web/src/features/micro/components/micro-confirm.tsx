import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayableCurrency, SecondsOption } from '@oryx/contracts/micro/calls';
import styles from '../micro.module.css';
import { netWinText, percentOf, totalText, trimZeros } from './stake-figures';

export interface MicroConfirmProps {
  type: 1 | 2;
  /** The stake sent (whole units). */
  number: string;
  currency: PayableCurrency;
  option: SecondsOption;
  /** The "don't ask again" box's state, for the question pending. */
  onSkipChange: (checked: boolean) => void;
}

/** What the order confirmation shows, which is what is sent: direction, stake, duration, payout, fee, totals. */
export function MicroConfirmBody({ type, number, currency, option, onSkipChange }: MicroConfirmProps) {
  const { t } = useTranslation('micro');
  const fee = trimZeros(currency.micro_trade_fee);
  return (
    <div className={styles.confirmBody} data-testid="micro-confirm">
      <dl className={styles.confirmList}>
        <dt>{t('confirm.direction')}</dt>
        <dd className={type === 1 ? 'up' : 'down'} data-testid="micro-confirm-direction">
          {type === 1 ? t('orders.up') : t('orders.down')}
        </dd>
        <dt>{t('confirm.stake')}</dt>
        <dd className="num" data-testid="micro-confirm-stake">
          {number} {currency.name}
        </dd>
        <dt>{t('confirm.duration')}</dt>
        <dd className="num">{t('panel.seconds', { seconds: option.seconds })}</dd>
        <dt>{t('confirm.payout')}</dt>
        <dd className="num">{trimZeros(option.profit_ratio)} %</dd>
        <dt>{t('confirm.fee')}</dt>
        <dd className="num" data-testid="micro-confirm-fee">
          {percentOf(number, currency.micro_trade_fee)} {currency.name} ({fee} %)
        </dd>
        <dt>{t('confirm.total')}</dt>
        <dd className="num" data-testid="micro-confirm-total">
          {totalText(number, currency.micro_trade_fee)} {currency.name}
        </dd>
        <dt>{t('confirm.profit')}</dt>
        <dd className="num up" data-testid="micro-confirm-profit">
          {t('confirm.profitValue', {
            profit: percentOf(number, option.profit_ratio),
            net: netWinText(number, option.profit_ratio, currency.micro_trade_fee),
            currency: currency.name,
          })}
        </dd>
        <dt>{t('confirm.loss')}</dt>
        <dd className="num down" data-testid="micro-confirm-loss">
          {t('confirm.lossValue', {
            stake: number,
            total: totalText(number, currency.micro_trade_fee),
            currency: currency.name,
          })}
        </dd>
      </dl>
      <p className={styles.confirmNote}>{t('panel.rule')}</p>
      <DontAskAgain onChange={onSkipChange} />
    </div>
  );
}

/** The "don't ask again" box inside the confirmation; it reports its state to the pending question. */
function DontAskAgain({ onChange }: { onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('micro');
  const [checked, setChecked] = useState(false);
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          setChecked(e.target.checked);
          onChange(e.target.checked);
        }}
        data-testid="micro-confirm-skip"
      />
      {t('confirm.dontAsk')}
    </label>
  );
}
