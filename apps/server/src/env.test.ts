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
      expect.stringContaining('API_KEY_ENCRYPTION_KEY'),
    ]);
    const demo = loadEnv({ ORYX_MODE: 'demo' });
    expect(
      productionProblems(
        loadEnv({
          ORYX_MODE: 'production',
          PAY_SANDBOX_SECRET: demo.PAY_SANDBOX_SECRET,
          API_KEY_ENCRYPTION_KEY: demo.API_KEY_ENCRYPTION_KEY,
        }),
      ),
    ).toHaveLength(2);
  });

  it('production with its own secret starts', () => {
    const env = loadEnv({
      ORYX_MODE: 'production',
      PAY_SANDBOX_SECRET: 'a-secret-of-the-operator',
      API_KEY_ENCRYPTION_KEY: 'an-api-key-encryption-key-of-the-operator',
    });
    expect(productionProblems(env)).toEqual([]);
  });
});

describe('the password work factor', () => {
  it('is 2^15 unless set; production refuses less, demo mode allows it', () => {
    expect(loadEnv({}).PASSWORD_HASH_LOG2N).toBe(15);
    const secret = {
      PAY_SANDBOX_SECRET: 'a-secret-of-the-operator',
      API_KEY_ENCRYPTION_KEY: 'an-api-key-encryption-key-of-the-operator',
    };
    expect(
      productionProblems(loadEnv({ ORYX_MODE: 'production', ...secret, PASSWORD_HASH_LOG2N: '12' })),
    ).toEqual([expect.stringContaining('PASSWORD_HASH_LOG2N')]);
    expect(productionProblems(loadEnv({ ORYX_MODE: 'demo', PASSWORD_HASH_LOG2N: '10' }))).toEqual([]);
    expect(() => loadEnv({ PASSWORD_HASH_LOG2N: '9' })).toThrow();
  });
});

describe('the withdrawal-address cool-off', () => {
  it('is minutes in demo mode and 24 hours in production, unless set', () => {
    expect(loadEnv({ ORYX_MODE: 'demo' }).FUNDING_ADDRESS_COOLOFF_HOURS * 60).toBe(2);
    expect(
      loadEnv({ ORYX_MODE: 'demo', FUNDING_DEMO_ADDRESS_COOLOFF_MINUTES: '5' })
        .FUNDING_ADDRESS_COOLOFF_HOURS * 60,
    ).toBe(5);
    expect(loadEnv({ ORYX_MODE: 'production' }).FUNDING_ADDRESS_COOLOFF_HOURS).toBe(24);
    // The demo setting never shortens production's; an explicit setting wins in both modes.
    expect(
      loadEnv({ ORYX_MODE: 'production', FUNDING_DEMO_ADDRESS_COOLOFF_MINUTES: '1' })
        .FUNDING_ADDRESS_COOLOFF_HOURS,
    ).toBe(24);
    expect(
      loadEnv({ ORYX_MODE: 'demo', FUNDING_ADDRESS_COOLOFF_HOURS: '24' }).FUNDING_ADDRESS_COOLOFF_HOURS,
    ).toBe(24);
    expect(
      loadEnv({ ORYX_MODE: 'production', FUNDING_ADDRESS_COOLOFF_HOURS: '48' }).FUNDING_ADDRESS_COOLOFF_HOURS,
    ).toBe(48);
  });
});
