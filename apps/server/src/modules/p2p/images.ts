import { roleMay } from '@oryx/contracts/console/roles';
/**
 * Private deal images: the buyer's payment voucher (`pay_orders_img` on marking paid) and up to three
 * appeal images. Each is the sender's own upload (modules/uploads), made private when attached: it
 * leaves /uploads/<name> and is served only here, to the deal's two parties and to operators.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { C2C_DEAL_IMAGE_PATH } from '@oryx/contracts/p2p/calls';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { makeUploadPrivate, sendPrivateUpload } from '../uploads/private';
import { appealsRepo, type ImageKind } from './appeals-repo';
import { p2pRepo, type P2pDeal } from './repo';

/** `answer`: the other party's answer to an appeal (appeal-answer.ts). */
export type { ImageKind };

/** Attaches the sender's uploads to a deal in the caller's transaction; a foreign or reused URL refuses. */
export async function attachImages(
  trx: Db,
  deal: P2pDeal,
  userId: number,
  kind: ImageKind,
  urls: readonly string[],
  at: number,
): Promise<void> {
  for (const url of urls) {
    const name = await makeUploadPrivate(trx, userId, url);
    if (!name) throw new AppError('P2P_IMAGE_INVALID');
    await appealsRepo.insertImage(trx, {
      deal_id: deal.id,
      user_id: userId,
      kind,
      file_name: name,
      created_at: at,
    });
  }
}

export const imageUrl = (dealId: number, name: string) =>
  `${C2C_DEAL_IMAGE_PATH}?id=${dealId}&name=${encodeURIComponent(name)}`;

/** A deal's images as URLs, by kind, oldest first. */
export async function dealImages(db: Db, dealId: number): Promise<Record<ImageKind, string[]>> {
  const rows = await appealsRepo.images(db, dealId);
  const out: Record<ImageKind, string[]> = { voucher: [], appeal: [], answer: [] };
  for (const r of rows) out[r.kind].push(imageUrl(dealId, r.file_name));
  return out;
}

const ImageQuery = z.object({ id: z.coerce.number().int().positive(), name: z.string().max(64) });

/**
 * GET C2C_DEAL_IMAGE_PATH?id=&name=: the image, for the deal's parties and operators (with the
 * `Authorization` header, so the web client fetches it and shows a blob). Anyone else, or a name not
 * attached to that deal: not found.
 */
export function imageRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(C2C_DEAL_IMAGE_PATH, { schema: { hide: true } }, async (req, reply) => {
    const session = req.session;
    if (!session) throw new AppError(req.hadToken ? 'AUTH_EXPIRED' : 'AUTH_REQUIRED');
    const q = ImageQuery.safeParse(req.query);
    if (!q.success) throw new AppError('NOT_FOUND', { path: 'upload' });
    const deal = await p2pRepo.findDeal(ctx.db, q.data.id);
    const party = deal && (deal.buyer_id === session.userId || deal.seller_id === session.userId);
    if (!deal || (!party && !roleMay(session.role, 'read')))
      throw new AppError('NOT_FOUND', { path: 'upload' });
    const name = await appealsRepo.hasImage(ctx.db, deal.id, q.data.name);
    if (!name) throw new AppError('NOT_FOUND', { path: 'upload' });
    return sendPrivateUpload(ctx, reply, name);
  });
}
