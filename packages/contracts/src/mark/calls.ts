/**
 * The mark price's settings per market (operator only, /api/admin/mark/*). The rule itself and what
 * each setting means: docs/mark-price.md. Numbers are loose on purpose: the server refuses settings that
 * would empty the window or make the rule meaningless with MARK_CONFIG_INVALID and says why.
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';

export const AdminMarkMarket = z.object({
  market_id: z.number().int(),
  symbol: z.string(),
  window_ms: z.number().int(),
  sample_ms: z.number().int(),
  band_bps: z.number().int(),
  /** Impact notional in quote units (a decimal string). */
  impact_quote: decimalWire,
  trade_weight_bps: z.number().int(),
  user_cap_bps: z.number().int(),
});
export const AdminMarkConfig = z.object({ markets: z.array(AdminMarkMarket) });
export type AdminMarkConfig = z.infer<typeof AdminMarkConfig>;

export const AdminMarkConfigCall = defineCall({
  method: 'GET',
  path: '/api/admin/mark/config',
  auth: 'admin',
  summary: 'Mark price settings of every market (window, sampling, band, impact notional, trade weights)',
  input: z.object({}),
  reply: AdminMarkConfig,
});

export const AdminMarkConfigSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/mark/config',
  auth: 'admin',
  summary: "Changes one market's mark price settings (applies to marks computed afterwards)",
  input: z.object({
    market_id: intish((n) => n.positive()),
    window_ms: intish(),
    sample_ms: intish(),
    band_bps: intish(),
    impact_quote: z.union([z.string(), z.number()]),
    trade_weight_bps: intish(),
    user_cap_bps: intish(),
  }),
  reply: AdminMarkConfig,
});
