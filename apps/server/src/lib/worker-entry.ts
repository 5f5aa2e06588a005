/**
 * Starts a worker thread on a `*.worker.ts` entry beside the calling module, the same way whether the
 * server runs from its TypeScript sources or from the compiled bundle:
 * - from sources (tsx, vitest: the caller's `import.meta.url` ends in `.ts`), the worker registers tsx's
 *   require hook in its own thread and then requires the `.ts` entry, so it needs no loader flags from the
 *   parent (vitest's workers have none);
 * - from the bundle (`apps/server/dist/server.mjs`, scripts/oryx.mjs), every `src/**\/*.worker.ts` is
 *   bundled beside it as `dist/<name>.worker.mjs`, which Node runs as is.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** `name` without `.worker.ts`, e.g. `pol-tree` for `pol-tree.worker.ts`. */
export function startWorker(callerUrl: string, name: string): Worker {
  if (callerUrl.endsWith('.ts')) {
    const entry = fileURLToPath(new URL(`./${name}.worker.ts`, callerUrl));
    // Node 20 does not carry module loader hooks into worker threads (neither `--import` in execArgv nor
    // module.register in the worker), so the worker uses tsx's require hook, which lives in its thread.
    const tsx = createRequire(callerUrl).resolve('tsx/cjs/api');
    const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL(`./${name}.worker.mjs`, callerUrl));
}
