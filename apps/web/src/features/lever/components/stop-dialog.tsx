import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVER_TYPE, type LeverOrderRow } from '@oryx/contracts/lever/calls';
import { formatDecimal, isZeroDecimal } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimals } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';
import { Modal } from '@/shared/ui/modal';
import { toast } from '@/shared/ui/toast';
import { useSetStop } from '../api/set-stop';
import styles from '../lever.module.css';
import { expectedProfit, stepPrice } from '../preview';

const shown = (v: string) => (isZeroDecimal(v) ? '' : formatDecimal(v, 2));
const clean = (raw: string) => {
  const [int = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${int}.${rest.join('').slice(0, 2)}` : int;
};

/** One stop price with its -/+ 0.01 steps and the profit it would make. */
function StopField({
  label,
  value,
  onChange,
  profit,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  profit: string;
  testId: string;
}) {
  const { t } = useTranslation('lever');
  const down = () => {
    if (value === '' || isZeroDecimal(value)) return toast.error(t('ui.valid.greaterThanZero'));
    onChange(stepPrice(value, -1));
  };
  return (
    <div className={styles.stopField}>
      <div className={styles.stepper}>
        <IconButton label={t('ui.stop.minus')} onClick={down} data-testid={`${testId}-minus`}>
          −
        </IconButton>
        <Input
          label={label}
          name={testId}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(clean(e.target.value))}
          data-testid={testId}
        />
        <IconButton
          label={t('ui.stop.plus')}
          onClick={() => onChange(stepPrice(value || '0', 1))}
          data-testid={`${testId}-plus`}
        >
          +
        </IconButton>
      </div>
      <p className={styles.muted} data-testid={`${testId}-profit`}>
        {t('ui.stop.expected')}: <span className="num">{profit || '--'}</span>
      </p>
    </div>
  );
}

/**
 * Take-profit and stop-loss of a position: 0.01 steps, never below 0 (an empty field clears it), and
 * the expected profit of each at the position's lots. `lotSize` is the market's lever_share_num when
 * known; the row's `number` / `share` gives it otherwise.
 */
export function StopDialog({ row, onClose }: { row: LeverOrderRow; onClose: () => void }) {
  const { t } = useTranslation('lever');
  const setStop = useSetStop();
  const decimals = usePriceDecimals({ legalId: row.legal_id, currencyId: row.currency_id });
  const [target, setTarget] = useState(() => shown(row.target_profit_price));
  const [stop, setStopPrice] = useState(() => shown(row.stop_loss_price));
  const side = row.type === LEVER_TYPE.long ? 'long' : 'short';
  const lotSize = row.share > 0 ? divideLots(row.number, row.share) : '0';
  const profitOf = (v: string) =>
    expectedProfit({ side, openPrice: row.price, target: v, lots: row.share, lotSize });

  const save = async () => {
    try {
      const message = await setStop.mutateAsync({
        id: row.id,
        target_profit_price: target || '0',
        stop_loss_price: stop || '0',
      });
      toast.success(message || t('stopSet'));
      onClose();
    } catch {
      // Shown by the API client.
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('ui.stop.title', { id: row.id, symbol: row.symbol })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.actions.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={setStop.isPending} data-testid="lever-stop-save">
            {t('ui.actions.confirm')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody} data-testid="lever-stop-dialog">
        <p className={styles.muted}>
          {t('ui.table.openPrice')}: <span className="num">{formatPrice(row.price, decimals)}</span> ·{' '}
          {t('ui.table.lots')}: <span className="num">{row.share}</span>
        </p>
        <StopField
          label={t('ui.stop.target')}
          value={target}
          onChange={setTarget}
          profit={profitOf(target)}
          testId="lever-stop-target"
        />
        <StopField
          label={t('ui.stop.loss')}
          value={stop}
          onChange={setStopPrice}
          profit={profitOf(stop)}
          testId="lever-stop-loss"
        />
      </div>
    </Modal>
  );
}

/** number / share: the lot size the row was opened with (exact; both are decimal strings). */
function divideLots(number: string, share: number): string {
  const [int = '0', frac = ''] = number.split('.');
  const digits = BigInt(`${int}${frac}`);
  const q = digits / BigInt(share);
  const s = q.toString().padStart(frac.length + 1, '0');
  return frac.length ? `${s.slice(0, -frac.length)}.${s.slice(-frac.length)}` : s;
}
