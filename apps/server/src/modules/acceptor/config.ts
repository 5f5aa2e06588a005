/** Job kinds and terms of the acceptor area, in one place so tests and the README read them from here. */
export { ACCEPTOR_AUTO_CONFIRM_MS } from '@oryx/contracts/acceptor/calls';

/** modules/scheduler kind: a sell deal marked transferred confirms itself (key `deal:<id>`). */
export const AUTO_CONFIRM_JOB = 'acceptor.auto_confirm';

/** Deal `is_sure`, as on the wire. */
export const DEAL_STATE = { waiting: 0, confirmed: 1, rejected: 2 } as const;

/** Acceptor `status`. */
export const ACCEPTOR_STATUS = { stopped: 0, active: 1 } as const;
