import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IChartApi, ISeriesApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import { KLINE_PERIODS, type KlinePeriod } from '@oryx/contracts/spot/calls';
import { EXCHANGE_TZ_OFFSET_MS } from '@oryx/contracts/time';
import { useTheme } from '../theme/theme';
import { Tabs } from '../ui/tabs';
import { Spinner } from '../ui/spinner';
import type * as ChartLibraryModule from './chart-library';
import { useCandles, type Bar } from './use-candles';
import { chartPriceFormat, formatChartNumber, formatChartVolume, initialRange } from './price-format';
import styles from './candle-chart.module.css';

/** Interval buttons: the chart's resolutions (1, 5, 15, 30, 60 minutes, 1 day, 1 week, 1 month). */
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
/** Moving averages drawn over the closes (15 by default, also 10 and 20). */
const MA_PERIODS = [10, 15, 20] as const;

export interface CandleChartProps {
  /** 'BTC/USDT'. */
  symbol: string;
  /** Price scale: 10000 shows 4 decimals (the micro page), 100000 five (elsewhere); used until the
   * market's own decimals are known. */
  priceScale: number;
  /** The market's price decimals (the places of its tick size): the axis and the legend show these. */
  priceDecimals?: number;
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

/** A '#rrggbb' theme colour at half opacity (other forms as they are). */
const fade = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? `${colour}80` : colour);

/** Bar times shifted so the chart (which draws UTC) shows exchange time, Asia/Shanghai. */
const chartTime = (ms: number) => ((ms + EXCHANGE_TZ_OFFSET_MS) / 1000) as UTCTimestamp;

/** The n-bar moving average of the closes, per bar (undefined before the n-th bar). */
function movingAverage(bars: Bar[], n: number): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i++) {
    sum += bars[i]!.close;
    if (i >= n) sum -= bars[i - n]!.close;
    out.push(i >= n - 1 ? sum / n : undefined);
  }
  return out;
}

/** Volume bars sit in the bottom fifth, under the candles (which keep the room below the legend). */
const VOLUME_MARGINS = { top: 0.8, bottom: 0 };
const CANDLE_MARGINS = { top: 0.12, bottom: 0.25 };

/**
 * Candlestick chart with interval buttons, MA 10/15/20 and volume bars, drawn with lightweight-charts in
 * the theme's colours, fed by useCandles (HTTP history + `kline` pushes). A legend at the top left shows
 * the hovered bar (the latest one when the pointer is elsewhere). Shared: every trade page shows one.
 */
export function CandleChart({
  symbol,
  priceScale,
  priceDecimals,
  noDataText,
  intervalsLabel,
  height = 516,
}: CandleChartProps) {
  const { t } = useTranslation('common');
  const [period, setPeriod] = useState<KlinePeriod>('1min');
  const { data: bars, isLoading } = useCandles(symbol, period);
  const { theme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const mas = useRef<ISeriesApi<'Line'>[]>([]);
  // The market and interval whose bars were last framed: a push keeps the user's scroll, a new one reframes.
  const framed = useRef('');
  const [hovered, setHovered] = useState<number | null>(null);
  const { precision, minMove } = chartPriceFormat(priceDecimals, priceScale);

  const list = useMemo(() => bars ?? [], [bars]);
  const averages = useMemo(() => MA_PERIODS.map((n) => movingAverage(list, n)), [list]);
  // Chart time -> bar index, for the crosshair.
  const indexOf = useMemo(() => new Map(list.map((b, i) => [chartTime(b.time) as number, i])), [list]);
  const indexRef = useRef(indexOf);
  indexRef.current = indexOf;
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
    const { createChart, CandlestickSeries, HistogramSeries, LineSeries } = lib;
    const c = createChart(el, { height, autoSize: true });
    // Custom, so the axis and the crosshair label group thousands like the rest of the page.
    const priceFormat = {
      type: 'custom' as const,
      minMove,
      formatter: (price: number) => formatChartNumber(price, precision),
    };
    candles.current = c.addSeries(CandlestickSeries, { priceFormat });
    c.priceScale('right').applyOptions({ scaleMargins: CANDLE_MARGINS });
    volumes.current = c.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      priceLineVisible: false,
      lastValueVisible: false,
    });
    c.priceScale('volume').applyOptions({ scaleMargins: VOLUME_MARGINS });
    mas.current = MA_PERIODS.map(() =>
      c.addSeries(LineSeries, {
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        priceFormat,
      }),
    );
    const onMove = (param: MouseEventParams) => {
      const i = param.time === undefined ? undefined : indexRef.current.get(param.time as number);
      setHovered(i ?? null);
    };
    c.subscribeCrosshairMove(onMove);
    chart.current = c;
    framed.current = '';
    return () => {
      c.unsubscribeCrosshairMove(onMove);
      c.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
      mas.current = [];
    };
  }, [lib, height, precision, minMove]);

  // Theme colours come from the CSS variables, so both themes stay in step with the rest of the app.
  const up = useMemo(() => cssVar('--up'), [theme]); // eslint-disable-line react-hooks/exhaustive-deps -- read per theme
  const down = useMemo(() => cssVar('--down'), [theme]); // eslint-disable-line react-hooks/exhaustive-deps
  const maColours = useMemo(
    () => [cssVar('--accent'), cssVar('--info'), cssVar('--text-muted')],
    [theme], // eslint-disable-line react-hooks/exhaustive-deps -- read per theme
  );
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
    candles.current?.applyOptions({
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    mas.current.forEach((s, i) => s.applyOptions({ color: maColours[i] }));
  }, [lib, theme, up, down, maColours, precision, minMove, height]);

  useEffect(() => {
    candles.current?.setData(
      list.map((b) => ({ time: chartTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
    );
    // Volume bars in the candle's colour, faded so the candles stay in front.
    const upSoft = fade(up);
    const downSoft = fade(down);
    volumes.current?.setData(
      list.map((b) => ({
        time: chartTime(b.time),
        value: b.volume,
        color: b.close >= b.open ? upSoft : downSoft,
      })),
    );
    mas.current.forEach((s, i) =>
      s.setData(
        list.flatMap((b, j) => {
          const value = averages[i]![j];
          return value === undefined ? [] : [{ time: chartTime(b.time), value }];
        }),
      ),
    );
    // Frame a market's interval once, when its bars first arrive: the latest bars, or all of a short
    // history (weekly and monthly bars) spread over the chart.
    const key = `${symbol}|${period}`;
    const range = initialRange(list.length);
    if (chart.current && range && framed.current !== key) {
      framed.current = key;
      chart.current.timeScale().setVisibleLogicalRange(range);
    }
  }, [lib, list, averages, up, down, symbol, period, precision, minMove]);

  const shownIndex = hovered ?? list.length - 1;
  const bar = list[shownIndex];
  const isEmpty = !isLoading && list.length === 0;
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
        {bar && (
          <div
            className={styles.legend}
            role="group"
            aria-label={t('chart.legend')}
            data-testid="chart-legend"
          >
            <dl className={styles.legendLine}>
              {(
                [
                  ['open', bar.open],
                  ['high', bar.high],
                  ['low', bar.low],
                  ['close', bar.close],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className={styles.legendItem}>
                  <dt>{t(`chart.${k}`)}</dt>
                  <dd className={`num ${bar.close >= bar.open ? 'up' : 'down'}`}>
                    {formatChartNumber(v, precision)}
                  </dd>
                </div>
              ))}
              <div className={styles.legendItem}>
                <dt>{t('chart.volume')}</dt>
                <dd className="num">{formatChartVolume(bar.volume)}</dd>
              </div>
            </dl>
            <dl className={styles.legendLine}>
              {MA_PERIODS.map((n, i) => {
                const v = averages[i]![shownIndex];
                return (
                  <div key={n} className={styles.legendItem} style={{ color: maColours[i] }}>
                    <dt>MA{n}</dt>
                    <dd className="num">{v === undefined ? '--' : formatChartNumber(v, precision)}</dd>
                  </div>
                );
              })}
            </dl>
          </div>
        )}
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
