/**
 * Demo mode: the demo accounts (DEMO_USERS: traders, a seller, an operator), created when missing. The
 * auth module's demo seeder, so it runs before the other areas' demo data for these users.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '@oryx/db/seed/reference';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { hashPassword } from './password';

export async function seedDemoUsers(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  let passwordHash: string | undefined;
  let tradePasswordHash: string | undefined;
  for (const u of DEMO_USERS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', u.email)
      .executeTakeFirst();
    if (existing) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    // The demo accounts can trade at once: their transaction (funds) password is the login password.
    tradePasswordHash ??= await hashPassword(DEMO_PASSWORD);
    const parentId = u.parent
      ? ((await db.selectFrom('users').select('id').where('extension_code', '=', u.parent).executeTakeFirst())
          ?.id ?? null)
      : null;
    await db
      .insertInto('users')
      .values({
        email: u.email,
        phone: null,
        area_code: '',
        area_code_id: 0,
        nationality: '',
        password_hash: passwordHash,
        trade_password_hash: tradePasswordHash,
        extension_code: u.extension_code,
        parent_id: parentId,
        is_seller: u.is_seller,
        type: '1',
        role: u.role,
        review_status: 0,
        account_number: u.email,
        lang: 'en',
        is_demo: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
