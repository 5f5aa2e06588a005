/**
 * CPU profiles of the socket fan-out bench's processes over the measured window only (not the start-up
 * or the clients' connecting): with `FANOUT_PROFILE_DIR` set, each process (the emitting server, the
 * socket process, every client process) writes `<dir>/<name>-<pid>.cpuprofile`, which Chrome's DevTools
 * (Performance tab) or `node --cpu-prof`'s usual readers open.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const dir = process.env.FANOUT_PROFILE_DIR;

/** Starts profiling this process when FANOUT_PROFILE_DIR is set; the returned function writes it. */
export async function startProfile(name: string): Promise<() => Promise<void>> {
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}
