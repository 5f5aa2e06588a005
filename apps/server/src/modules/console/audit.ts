/**
 * The audit log: every changing operator call, recorded by the route layer (lib/route.ts) through the
 * `staffAudit` seam this area provides: the input the call acted on as its contract parsed it, its reply,
 * and the subject with the values before and after that the handler reported (`CallRequest.audit`), each
 * bounded field by field by the route layer (lib/audit-bounds.ts), never the raw body. Rows are never
 * updated or deleted: the database refuses it (triggers in the migration), and nothing in the
 * application tries.
 */
import type { Db } from '../../db/connection';
import type { StaffAction } from '../../lib/seams';
import { userAdminRepo } from '../users/admin-repo';
import { consoleRepo } from './repo';

/** A value as stored: JSON with bigints as decimal strings, cut to a bound. */
export function auditJson(value: unknown, max = 8_000): string {
  const text =
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export async function recordStaffAction(db: Db, a: StaffAction): Promise<void> {
  await consoleRepo.insertAudit(db, {
    at: a.at,
    actor_id: a.actorId,
    actor_role: a.actorRole,
    ip: a.ip.slice(0, 64),
    call: a.call,
    outcome: a.outcome,
    subject: a.change?.subject ?? '',
    subject_id: a.change?.subjectId === undefined ? '' : String(a.change.subjectId),
    input_json: auditJson(a.input),
    before_json: a.change?.before === undefined ? null : auditJson(a.change.before),
    after_json: a.change?.after === undefined ? null : auditJson(a.change.after),
    result_json: a.result === undefined || a.result === null ? null : auditJson(a.result),
  });
}

export const AUDIT_PAGE = 30;

export async function listAudit(db: Db, q: { page: number; actor_id?: number; call: string }) {
  const { rows, total } = await consoleRepo.auditPage(db, q, { page: q.page, limit: AUDIT_PAGE });
  const actors = await userAdminRepo.logins(
    db,
    rows.map((r) => r.actor_id),
  );
  return {
    page: q.page,
    total,
    data: rows.map((r) => {
      const u = actors.get(r.actor_id);
      return {
        id: r.id,
        at: r.at,
        actor_id: r.actor_id,
        actor: u?.email ?? u?.phone ?? '',
        actor_role: r.actor_role,
        ip: r.ip,
        call: r.call,
        outcome: r.outcome,
        subject: r.subject,
        subject_id: r.subject_id,
        input: r.input_json,
        before: r.before_json,
        after: r.after_json,
        result: r.result_json,
      };
    }),
  };
}
