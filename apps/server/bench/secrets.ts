/**
 * The signing and encryption secrets a production-mode app refuses to start without (env.ts
 * productionProblems): the benches build their apps in production mode, as an operator runs them.
 */
export const BENCH_SECRETS = {
  PAY_SANDBOX_SECRET: 'bench-pay-secret-0123456789',
  API_KEY_ENCRYPTION_KEY: 'bench-api-key-encryption-key-0123456789',
} as const;
