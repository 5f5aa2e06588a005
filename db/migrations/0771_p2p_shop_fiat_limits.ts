/**
 * A shop ad's per-deal limits (`p2p_ads.min_minor`, `max_minor`) become fiat money (cents of the ad's
 * fiat) instead of coins: clients of this API family show them as "10.000 CNY - 200.000 CNY" and check
 * the money typed against them. Existing limits are converted at the ad's price (coins × price,
 * rounded up), so every ad keeps the limits it had.
 */
import { sql, type Kysely } from 'kysely';

interface Row {
  id: number;
  scale: number;
  price: string;
  min: string;
  max: string;
}

async function convertLimits(
  db: Kysely<unknown>,
  convert: (v: bigint, unit: bigint, price: bigint) => bigint,
) {
  const ads = await sql<Row>`
    select a.id, c.scale, cast(a.price_minor as text) as price, cast(a.min_minor as text) as min,
      cast(a.max_minor as text) as max
    from p2p_ads a join currencies c on c.id = a.currency_id
    where a.kind = 'shop' and (a.min_minor > 0 or a.max_minor > 0)
    order by a.id`
    .execute(db)
    .then((r) => r.rows);
  for (const ad of ads) {
    const [unit, price] = [10n ** BigInt(ad.scale), BigInt(ad.price)];
    const min = convert(BigInt(ad.min), unit, price).toString();
    const max = convert(BigInt(ad.max), unit, price).toString();
    await sql`update p2p_ads set min_minor = cast(${min} as bigint), max_minor = cast(${max} as bigint)
      where id = ${ad.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await convertLimits(db, (coins, unit, price) => (coins * price + unit - 1n) / unit);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await convertLimits(db, (money, unit, price) => (price === 0n ? money : (money * unit) / price));
}
