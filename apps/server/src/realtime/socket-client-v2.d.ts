// socket.io-client 2.x (Engine.IO v3), used only in tests to prove old clients of this API can connect.
declare module 'socket.io-client-v2' {
  interface LegacySocket {
    on(event: string, cb: (...args: never[]) => void): void;
    emit(event: string, ...args: unknown[]): void;
    close(): void;
    connected: boolean;
  }
  function io(url: string, opts?: Record<string, unknown>): LegacySocket;
  export default io;
}
