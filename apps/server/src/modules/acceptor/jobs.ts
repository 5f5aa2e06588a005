/**
 * The acceptor timer (modules/scheduler): a sell deal the acceptor marked transferred confirms itself
 * `ACCEPTOR_AUTO_CONFIRM_MS` later, as of the job's due time, unless the user disputed it meanwhile. It checks the deal first, so a job that
 * finds the deal already answered (or runs twice, or late after a restart) does nothing.
 */
import type { JobHandler } from '../scheduler/scheduler';
import { AUTO_CONFIRM_JOB, DEAL_STATE } from './config';
import { actOnAcceptorDeal } from './engine';
import { acceptorRepo } from './repo';

export const autoConfirmJob: JobHandler<{ dealId: number }> = {
  async run(tx, job) {
    const deal = await acceptorRepo.findDeal(tx.trx, job.payload.dealId);
    // A disputed deal waits for an operator instead.
    if (deal?.is_sure !== DEAL_STATE.waiting || deal.transferred_at === null || deal.disputed_at !== null)
      return;
    await actOnAcceptorDeal(tx.trx, deal, 'auto_confirm', 'timer', job.dueAtMs);
  },
};

export const acceptorJobs = { [AUTO_CONFIRM_JOB]: autoConfirmJob };
