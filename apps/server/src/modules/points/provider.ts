/**
 * The external points account a user binds (`jc/bind`): an adapter, so a real points service plugs in
 * without touching the rules. The only implementation today is the sandbox, labelled as such to the user
 * (`provider: 'sandbox'` on jc/info and jc/bind): it accepts every account and password except the
 * password `sandbox-refuse`, which it refuses so the refusal path can be tried, and names the account by
 * a hash of its user name. It keeps no password.
 */
import crypto from 'node:crypto';

export interface PointsProvider {
  readonly name: string;
  /** The provider's id of the account, or null when it refuses the credentials. */
  verify(userName: string, password: string): Promise<{ externalId: string } | null>;
}

export const SANDBOX_REFUSE_PASSWORD = 'sandbox-refuse';

export const sandboxPointsProvider: PointsProvider = {
  name: 'sandbox',
  async verify(userName, password) {
    if (password === SANDBOX_REFUSE_PASSWORD) return null;
    return { externalId: `sbx-${crypto.createHash('sha256').update(userName).digest('hex').slice(0, 16)}` };
  },
};

/**
 * The provider this server uses: the sandbox in demo mode or when chosen (`POINTS_PROVIDER=sandbox`),
 * otherwise none, so production never answers from a sandbox unless its operator asked for it.
 */
export function pointsProviderOf(env: { ORYX_MODE: string; POINTS_PROVIDER?: 'none' | 'sandbox' }) {
  const chosen = env.POINTS_PROVIDER ?? (env.ORYX_MODE === 'demo' ? 'sandbox' : 'none');
  return chosen === 'sandbox' ? sandboxPointsProvider : null;
}
