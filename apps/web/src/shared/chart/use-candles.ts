import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KlineCall, type KlinePeriod } from '@oryx/contracts/spot/calls';
import type { KlineEvent } from '@oryx/contracts/socket';
import { call } from '../api/client';
import { useSocketEvent } from '../socket/use-socket-event';

export interface Bar {
  /** Bar start, ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Bars fetched per load (the chart shows the latest ones). */
export const CANDLES_MAX = 500;

const PERIOD_MS: Record<KlinePeriod, number> = {
  '1min': 60_000,
  '5min': 300_000,
  '15min': 900_000,
  '30min': 1_800_000,
  '60min': 3_600_000,
  '1D': 86_400_000,
  '1W': 7 * 86_400_000,
  '1M': 31 * 86_400_000,
};

export const candlesQueryKey = (symbol: string, period: KlinePeriod) =>
  ['chart', 'candles', symbol, period] as const;

/**
 * Candles of one market and period from GET /api/currency/new_timeshar, kept live by the `kline` socket
 * push (the last bar is replaced or a new one appended). Prices become JS numbers here only because the
 * chart library draws numbers; nothing computes money from them.
 */
export function useCandles(symbol: string, period: KlinePeriod) {
  const queryClient = useQueryClient();
  const key = candlesQueryKey(symbol, period);
  useSocketEvent('kline', (e: KlineEvent) => {
    if (e.symbol !== symbol || e.period !== period) return;
    queryClient.setQueryData<Bar[]>(key, (old) => {
      if (!old) return old;
      const bar: Bar = {
        time: e.time,
        open: Number(e.open),
        high: Number(e.high),
        low: Number(e.low),
        close: Number(e.close),
        volume: Number(e.volume),
      };
      const last = old[old.length - 1];
      if (last && last.time === bar.time) return [...old.slice(0, -1), bar];
      if (last && last.time > bar.time) return old;
      return [...old, bar].slice(-CANDLES_MAX);
    });
  });
  return useQuery({
    queryKey: key,
    enabled: symbol !== '',
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Bar[]> => {
      const to = Date.now();
      const from = to - PERIOD_MS[period] * CANDLES_MAX;
      const reply = await call(
        KlineCall,
        { symbol, period, from: Math.floor(from / 1000), to: Math.ceil(to / 1000) },
        { signal, toast: false },
      );
      if (reply.code !== 1) return [];
      return reply.data.map((c) => ({
        time: c.time,
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
        volume: Number(c.volume),
      }));
    },
  });
}
