/**
 * Demo mode: the demo accounts (DEMO_USERS: traders, a seller, an operator), created when missing. The
 * auth module's demo seeder, so it runs before the other areas' demo data for these users.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '@oryx/db/seed/reference';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { Env } from '../../env';
import { usersRepo } from '../users/repo';
import { hashPassword } from './password';

export async function seedDemoUsers(db: Db, clock: Clock, env: Env): Promise<void> {
  const now = clock.now();
  let passwordHash: string | undefined;
  let tradePasswordHash: string | undefined;
  for (const u of DEMO_USERS) {
    if ((await usersRepo.idByEmail(db, u.email)) !== undefined) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD, env.PASSWORD_HASH_LOG2N);
    // The demo accounts can trade at once: their transaction (funds) password is the login password.
    tradePasswordHash ??= await hashPassword(DEMO_PASSWORD, env.PASSWORD_HASH_LOG2N);
    const parentId = u.parent ? ((await usersRepo.idByExtensionCode(db, u.parent)) ?? null) : null;
    await usersRepo.insertUser(db, {
      email: u.email,
      passwordHash,
      tradePasswordHash,
      extensionCode: u.extension_code,
      parentId,
      isSeller: u.is_seller,
      role: u.role,
      accountNumber: u.email,
      isDemo: 1,
      now,
    });
  }
}
