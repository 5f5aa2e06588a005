/**
 * Public nicknames: other users see a user's nickname, never the e-mail address or phone number. Every
 * user gets one here: a nickname set before that follows the rules (`@oryx/contracts/account/nickname`)
 * and is free stays, everyone else gets a generated alias (`Trader-7F3K2A`). `nickname_key` (the
 * nickname in lower case) carries the uniqueness; new users get their alias at insertion.
 */
import { sql, type Kysely } from 'kysely';
import { nicknameIssue, nicknameKey, normalizeNickname, randomAlias } from '@oryx/contracts/account/nickname';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('nickname_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const users = await sql<{ id: number; nickname: string }>`select id, nickname from users order by id`
    .execute(db)
    .then((r) => r.rows);
  const kept = new Set<string>();
  for (const u of users) {
    if (nicknameIssue(u.nickname) === null && !kept.has(nicknameKey(u.nickname))) {
      kept.add(nicknameKey(u.nickname));
    }
  }
  const taken = new Set<string>();
  for (const u of users) {
    let nickname = normalizeNickname(u.nickname);
    // A valid nickname is kept by its first holder; the others (and every invalid one) get an alias.
    if (!kept.has(nicknameKey(nickname)) || taken.has(nicknameKey(nickname))) {
      do nickname = randomAlias();
      while (kept.has(nicknameKey(nickname)) || taken.has(nicknameKey(nickname)));
    }
    taken.add(nicknameKey(nickname));
    await sql`update users set nickname = ${nickname}, nickname_key = ${nicknameKey(nickname)} where id = ${u.id}`.execute(
      db,
    );
  }
  await db.schema.createIndex('users_nickname_key').on('users').column('nickname_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_nickname_key').execute();
  await db.schema.alterTable('users').dropColumn('nickname_key').execute();
}
