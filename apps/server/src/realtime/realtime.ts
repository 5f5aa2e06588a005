import type { MarketEvents, UserEvents } from '@oryx/contracts/socket';

/** How services publish: no socket.io types leak into services, and tests can record what was sent. */
export interface Realtime {
  toAll<E extends keyof MarketEvents>(event: E, payload: MarketEvents[E]): void;
  toUser<E extends keyof UserEvents>(userId: number, event: E, payload: UserEvents[E]): void;
  /**
   * The sessions ended (logout, password change, an operator's freeze): every socket that joined the
   * user's room with one of them leaves it at once, on every process sharing the adapter.
   */
  endSessions(ended: readonly { userId: number; sessionId: number }[]): void;
}

/** Collects events (tests, CLIs without sockets). */
export class RecordingRealtime implements Realtime {
  readonly sent: { room: string; event: string; payload: unknown }[] = [];
  toAll<E extends keyof MarketEvents>(event: E, payload: MarketEvents[E]): void {
    this.sent.push({ room: '*', event, payload });
    if (this.sent.length > 10_000) this.sent.splice(0, 5_000);
  }
  toUser<E extends keyof UserEvents>(userId: number, event: E, payload: UserEvents[E]): void {
    this.sent.push({ room: `user:${userId}`, event, payload });
    if (this.sent.length > 10_000) this.sent.splice(0, 5_000);
  }
  readonly ended: { userId: number; sessionId: number }[] = [];
  endSessions(ended: readonly { userId: number; sessionId: number }[]): void {
    this.ended.push(...ended);
    if (this.ended.length > 10_000) this.ended.splice(0, 5_000);
  }
}
