/**
 * The public nickname (`POST /api/user/nickname`): what other users see of this user instead of the
 * e-mail address or phone number. Rules: `@oryx/contracts/account/nickname`; uniqueness regardless of
 * case is the users table's (`usersRepo.update`).
 */
import { translate } from '@oryx/i18n';
import { NicknameForm } from '@oryx/contracts/account/nickname';
import type { AppContext } from '../../lib/context';
import { parseForm } from '../../lib/form';
import { usersRepo } from '../users/repo';

export async function setNickname(
  ctx: AppContext,
  userId: number,
  input: { nickname: string },
  locale: string,
): Promise<string> {
  const form = parseForm(NicknameForm, input);
  await usersRepo.update(ctx.db, userId, { nickname: form.nickname }, ctx.clock.now());
  return translate(locale, 'auth.common.saved');
}
