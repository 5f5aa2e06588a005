import fs from 'node:fs';

const STOP_TIMEOUT_MS = 10_000;

const alive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the exchange the global setup started (its whole process group) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.ORYX_E2E_SERVER_PID);
  if (pid > 0 && alive(pid)) {
    process.kill(-pid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(-pid, 'SIGKILL');
  }
  const tmpDir = process.env.ORYX_E2E_TMP_DIR;
  if (tmpDir && !process.env.ORYX_E2E_KEEP_DATA) fs.rmSync(tmpDir, { recursive: true, force: true });
}
