/**
 * The integration project's global setup (vitest.config.ts): makes the template databases once for the
 * whole run (db-template.ts), hands their names to the test files (`inject('oryxDbTemplates')` in
 * harness.ts) and drops them when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { makeTemplates, type DbKind, type Templates } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    oryxDbTemplates: Templates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const started = performance.now();
  const { templates, drop } = await makeTemplates(kinds);
  project.provide('oryxDbTemplates', templates);
  if (process.env.TEST_LOG_LEVEL && process.env.TEST_LOG_LEVEL !== 'silent') {
    console.log(`integration: template databases ready in ${Math.round(performance.now() - started)} ms`);
  }
  return drop;
}
