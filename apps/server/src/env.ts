/**
 * The only reader of process.env in the server. Everything configurable is parsed and typed here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** `file:./data/oryx.db` (SQLite, the default) or `postgres://...`. */
  DATABASE_URL: z.string().default(`file:${path.join(repoRoot, 'data', 'oryx.db')}`),
  REDIS_URL: z.string().optional(),
  /** demo: demo users, demo balances and the market-making bot. production: none of those. */
  ORYX_MODE: z.enum(['demo', 'production']).default('demo'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  UPLOAD_DIR: z.string().default(path.join(repoRoot, 'data', 'uploads')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_NEED_SMSCODE: bool.default(false),
  /** Comma-separated allowed origins for CORS; empty = same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Session lifetime. */
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  /** SMTP for real e-mail; without it codes go to the sandbox outbox. */
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Oryx <no-reply@oryx.local>'),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

export const REPO_ROOT = repoRoot;
