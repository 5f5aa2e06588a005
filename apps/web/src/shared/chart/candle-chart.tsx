import { useEffect, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { KLINE_PERIODS, type KlinePeriod } from '@oryx/contracts/spot/calls';
import { EXCHANGE_TZ_OFFSET_MS } from '@oryx/contracts/time';
import { useTheme } from '../theme/theme';
import { Tabs } from '../ui/tabs';
import { Spinner } from '../ui/spinner';
import type * as ChartLibraryModule from './chart-library';
import { useCandles, type Bar } from './use-candles';
import styles from './candle-chart.module.css';

/** Interval buttons: the specification's resolutions (1, 5, 15, 30, 60 minutes, 1 day, 1 week, 1 month). */
const PERIOD_LABEL: Record<KlinePeriod, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '1D': '1D',
  '1W': '1W',
  '1M': '1M',
};
/** Moving averages drawn over the closes (specification: 15, also 10 and 20). */
const MA_PERIODS = [10, 15, 20] as const;

export interface CandleChartProps {
  /** 'BTC/USDT'. */
  symbol: string;
  /** Price scale: 10000 shows 4 decimals (the micro page), 100000 five (elsewhere). */
  priceScale: number;
  /** Shown when the market has no candles. */
  noDataText: string;
  intervalsLabel: string;
  height?: number;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

type ChartLibrary = typeof ChartLibraryModule;
let chartLibrary: Promise<ChartLibrary> | undefined;
/** lightweight-charts, fetched on first use in a chunk of its own: the page around the chart does not wait. */
const loadChartLibrary = () => (chartLibrary ??= import('./chart-library'));

/** Bar times shifted so the chart (which draws UTC) shows exchange time, Asia/Shanghai. */
const chartTime = (ms: number) => ((ms + EXCHANGE_TZ_OFFSET_MS) / 1000) as UTCTimestamp;

function movingAverage(bars: Bar[], n: number) {
  const out: { time: UTCTimestamp; value: number }[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i++) {
    sum += bars[i]!.close;
    if (i >= n) sum -= bars[i - n]!.close;
    if (i >= n - 1) out.push({ time: chartTime(bars[i]!.time), value: sum / n });
  }
  return out;
}

/**
 * Candlestick chart with interval buttons and MA 10/15/20, drawn with lightweight-charts in the theme's
 * colours, fed by useCandles (HTTP history + `kline` pushes). Shared: every trade page shows one.
 */
export function CandleChart({
  symbol,
  priceScale,
  noDataText,
  intervalsLabel,
  height = 516,
}: CandleChartProps) {
  const [period, setPeriod] = useState<KlinePeriod>('1min');
  const { data: bars, isLoading } = useCandles(symbol, period);
  const { theme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const mas = useRef<ISeriesApi<'Line'>[]>([]);
  const [lib, setLib] = useState<ChartLibrary | null>(null);

  useEffect(() => {
    let mounted = true;
    void loadChartLibrary().then((loaded) => mounted && setLib(loaded));
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || !lib) return;
    const { createChart, CandlestickSeries, LineSeries } = lib;
    const precision = Math.max(0, Math.round(Math.log10(priceScale)));
    const c = createChart(el, { height, autoSize: true });
    candles.current = c.addSeries(CandlestickSeries, {
      priceFormat: { type: 'price', precision, minMove: 1 / priceScale },
    });
    mas.current = MA_PERIODS.map(() =>
      c.addSeries(LineSeries, {
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        priceFormat: { type: 'price', precision, minMove: 1 / priceScale },
      }),
    );
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      candles.current = null;
      mas.current = [];
    };
  }, [lib, height, priceScale]);

  // Theme colours come from the CSS variables, so both themes stay in step with the rest of the app.
  useEffect(() => {
    const c = chart.current;
    if (!c || !lib) return;
    c.applyOptions({
      layout: {
        background: { type: lib.ColorType.Solid, color: cssVar('--surface') },
        textColor: cssVar('--text-muted'),
      },
      grid: { vertLines: { color: cssVar('--border') }, horzLines: { color: cssVar('--border') } },
      rightPriceScale: { borderColor: cssVar('--border') },
      timeScale: { borderColor: cssVar('--border'), timeVisible: true, secondsVisible: false },
    });
    const up = cssVar('--up');
    const down = cssVar('--down');
    candles.current?.applyOptions({
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    const maColours = [cssVar('--accent'), cssVar('--info'), cssVar('--text-muted')];
    mas.current.forEach((s, i) => s.applyOptions({ color: maColours[i] }));
  }, [lib, theme, priceScale, height]);

  useEffect(() => {
    const list = bars ?? [];
    candles.current?.setData(
      list.map((b) => ({ time: chartTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
    );
    mas.current.forEach((s, i) => s.setData(movingAverage(list, MA_PERIODS[i]!)));
  }, [lib, bars]);

  const isEmpty = !isLoading && (bars?.length ?? 0) === 0;
  return (
    <div className={styles.wrap}>
      <Tabs
        variant="pill"
        wrap
        aria-label={intervalsLabel}
        value={period}
        onChange={setPeriod}
        items={KLINE_PERIODS.map((p) => ({ key: p, label: PERIOD_LABEL[p] }))}
      />
      <div className={styles.stage} style={{ height }}>
        <div ref={box} className={styles.canvas} data-testid="candle-chart" />
        {(isLoading || !lib) && (
          <div className={styles.overlay}>
            <Spinner />
          </div>
        )}
        {isEmpty && <div className={styles.overlay}>{noDataText}</div>}
      </div>
    </div>
  );
}
