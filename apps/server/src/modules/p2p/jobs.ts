/**
 * The C2C timers (modules/scheduler): an unpaid deal cancels itself when its payment window ends; an
 * ad still open after its lifetime is withdrawn (looked at again later while a deal on it is open).
 * Both check their row's state first, so a job that finds the work done does nothing.
 */
import { AppError } from '../../lib/app-error';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { AD_EXPIRE_JOB, AD_EXPIRE_RETRY_MS, DEAL_EXPIRE_JOB } from './config';
import { DEAL_STATE } from './deal-states';
import { transitionDeal, withdrawAd } from './engine';
import { pushDeal } from './push';
import { AD_STATUS, p2pRepo } from './repo';

export const dealExpireJob: JobHandler<{ dealId: number }> = {
  async run(tx, job) {
    const deal = await p2pRepo.findDeal(tx.trx, job.payload.dealId);
    if (deal?.is_sure !== DEAL_STATE.waiting) return;
    const after = await transitionDeal(tx.trx, deal, 'expire', 'system', job.dueAtMs);
    tx.afterCommit(() => pushDeal(tx.ctx, after));
  },
};

export const adExpireJob: JobHandler<{ adId: number }> = {
  async run(tx, job) {
    const ad = await p2pRepo.findAd(tx.trx, job.payload.adId);
    if (ad?.status !== AD_STATUS.open) return;
    try {
      await withdrawAd(tx.trx, ad, job.dueAtMs);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'P2P_AD_IN_DEAL') throw err;
      const next = tx.nowMs + AD_EXPIRE_RETRY_MS;
      await schedule(
        tx.trx,
        AD_EXPIRE_JOB,
        next,
        { adId: ad.id },
        { uniqueKey: `ad:${ad.id}:${next}`, nowMs: tx.nowMs },
      );
    }
  },
};

export const p2pJobs = { [DEAL_EXPIRE_JOB]: dealExpireJob, [AD_EXPIRE_JOB]: adExpireJob };
