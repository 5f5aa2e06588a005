import { describe, expect, it } from 'vitest';
import { loadEnv, productionProblems } from './env';

describe('signing secrets have no default outside demo mode', () => {
  it('demo mode runs on the demo secret', () => {
    const env = loadEnv({ ORYX_MODE: 'demo' });
    expect(env.PAY_SANDBOX_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(productionProblems(env)).toEqual([]);
  });

  it('production without the secret, or with the demo one, is refused', () => {
    expect(productionProblems(loadEnv({ ORYX_MODE: 'production' }))).toEqual([
      expect.stringContaining('PAY_SANDBOX_SECRET'),
    ]);
    const demoSecret = loadEnv({ ORYX_MODE: 'demo' }).PAY_SANDBOX_SECRET;
    expect(
      productionProblems(loadEnv({ ORYX_MODE: 'production', PAY_SANDBOX_SECRET: demoSecret })),
    ).toHaveLength(1);
  });

  it('production with its own secret starts', () => {
    const env = loadEnv({ ORYX_MODE: 'production', PAY_SANDBOX_SECRET: 'a-secret-of-the-operator' });
    expect(productionProblems(env)).toEqual([]);
  });
});
