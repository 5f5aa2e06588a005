/**
 * Who may operate the exchange. Staff roles live on the user (`users.role`): `admin` is the
 * administrator (everything, manages operators), `operator` does the day-to-day actions, `auditor` reads
 * everything and changes nothing. Business roles (seller, acceptor, region agent) are separate: they are
 * what an operator assigns to ordinary users.
 */
import type { CallContract, StaffLevel } from '../call';

export const STAFF_ROLES = ['admin', 'operator', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_ROLES = ['user', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

const ALLOWED: Record<StaffLevel, readonly StaffRole[]> = {
  read: ['admin', 'operator', 'auditor'],
  act: ['admin', 'operator'],
  manage: ['admin'],
};

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** The level an 'admin' call needs: its own `staff`, else `read` for GET-only calls and `act` otherwise. */
export function staffLevelOf(call: Pick<CallContract, 'method' | 'staff'>): StaffLevel {
  if (call.staff) return call.staff;
  const methods = Array.isArray(call.method) ? call.method : [call.method];
  return methods.every((m) => m === 'GET') ? 'read' : 'act';
}

export function roleMay(role: string, level: StaffLevel): boolean {
  return isStaffRole(role) && ALLOWED[level].includes(role);
}
