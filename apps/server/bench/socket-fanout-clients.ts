/**
 * One client process of the socket fan-out bench (socket-fanout-bench.ts forks a few of these, so the
 * clients' JSON parsing is spread over processes instead of queueing on one event loop).
 *
 * Argv: <url> <count>. Opens COUNT socket.io clients (websocket transport, path /wss/), then talks to
 * the parent over IPC:
 *   → { type: 'ready', connected }                       once every client is connected
 *   ← { type: 'start' } / { type: 'stop' }               the measured window
 *   → { type: 'result', recv, counts, disconnects, cpuMs } after stop (cpuMs: this process's CPU time)
 * `recv` maps a payload's identity (the text of the socket.io packet that carried it,
 * `2["<event>",{...}]`) to the receive times of every client of this process that got it, on the
 * machine clock (performance.timeOrigin + performance.now(), ms); the parent matches them to the send
 * times it saw. Only payloads of the market the clients follow are kept; `counts` is every market event
 * received, per event name.
 */
import { io, type Socket } from 'socket.io-client';
import { startProfile } from './socket-fanout-profile';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
if (!url || !Number.isInteger(count) || count < 1) throw new Error('usage: <url> <count>');
const SYMBOL = process.env.FANOUT_SYMBOL ?? 'ETH/USDT';

const now = () => performance.timeOrigin + performance.now();
/** The events the clients follow (depth, trades, ticker); `kline` arrives too and is only counted. */
const FOLLOWED = ['market_depth', 'match_trade', 'transaction', 'daymarket'] as const;
const ALL = [...FOLLOWED, 'kline'] as const;

let isRecording = false;
let cpuAtStart = process.cpuUsage();
let disconnects = 0;
const recv = new Map<string, number[]>();
const counts: Record<string, number> = {};

const EVENTS = new Set<string>(ALL);
/** Whether a message belongs to the followed market (market events go to every socket, every market). */
function isFollowed(event: string, text: string): boolean {
  return text.includes(event === 'transaction' ? `"token":"${SYMBOL}"` : `"symbol":"${SYMBOL}"`);
}

/**
 * Every market event is received as an app would (a listener per event, socket.io-client parsing each
 * message); its receipt is noted from the Engine.IO message that carried it, `2["<event>",{...}]`
 * (a socket.io EVENT packet), right after socket.io-client has parsed and dispatched it. The raw text
 * is the payload's identity: the parent keys its send moments the same way, so no client encodes a
 * payload again to match it.
 */
function listen(s: Socket): void {
  for (const event of ALL) s.on(event, () => {});
  s.once('connect', () => {
    s.io.engine.on('message', (data: unknown) => {
      const at = now();
      if (!isRecording || typeof data !== 'string' || !data.startsWith('2["')) return;
      const event = data.slice(3, data.indexOf('"', 3));
      if (!EVENTS.has(event)) return;
      counts[event] = (counts[event] ?? 0) + 1;
      if (event === 'kline' || !isFollowed(event, data)) return;
      let list = recv.get(data);
      if (!list) recv.set(data, (list = []));
      list.push(at);
    });
  });
  s.on('disconnect', () => {
    if (isRecording) disconnects++;
  });
}

const sockets: Socket[] = [];
async function connectAll(): Promise<number> {
  let connected = 0;
  // A few dozen handshakes at a time: a thousand at once only queues them on the server.
  for (let i = 0; i < count; i += 50) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      const s = io(url!, { path: '/wss/', transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(s);
      listen(s);
      batch.push(
        new Promise<void>((resolve) => {
          s.once('connect', () => {
            connected++;
            resolve();
          });
          s.once('connect_error', () => resolve());
        }),
      );
    }
    await Promise.all(batch);
  }
  return connected;
}

let profile: Promise<() => Promise<void>> = Promise.resolve(async () => {});
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'start') {
    recv.clear();
    cpuAtStart = process.cpuUsage();
    isRecording = true;
    profile = startProfile('clients');
  } else if (msg.type === 'stop') {
    isRecording = false;
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    void profile
      .then((stop) => stop())
      .then(() =>
        process.send!({ type: 'result', recv: [...recv], counts, disconnects, cpuMs }, () => {
          for (const s of sockets) s.close();
          process.disconnect();
        }),
      );
  }
});

const connected = await connectAll();
process.send!({ type: 'ready', connected });
