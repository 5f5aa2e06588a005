/**
 * Shop names are public (shop lists, shop pages, deals) and may no longer carry contact data: a shop
 * whose name contains an e-mail address or a phone number is renamed "Shop <owner's public nickname>"
 * (0202 gave every user one). The operator can open shops only with clean names from now on.
 */
import { sql, type Kysely } from 'kysely';
import { looksLikeContact } from '@oryx/contracts/account/nickname';

export async function up(db: Kysely<unknown>): Promise<void> {
  const shops = await sql<{ id: number; name: string; nickname: string }>`
    select s.id, s.name, u.nickname from p2p_shops s join users u on u.id = s.user_id order by s.id`
    .execute(db)
    .then((r) => r.rows);
  for (const s of shops) {
    if (!looksLikeContact(s.name)) continue;
    await sql`update p2p_shops set name = ${`Shop ${s.nickname}`} where id = ${s.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The old names are not kept: they were the data this migration removes.
}
