import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyCreateCall,
  ApiKeyDeleteCall,
  ApiKeyDisableCall,
  ApiKeyListCall,
  type ApiKeyPermission,
} from '@oryx/contracts/apikeys/calls';
import { call } from '@/shared/api/client';
import { ACCOUNT } from './keys';

const API_KEYS = [...ACCOUNT, 'api-keys'] as const;

/** GET /api/user/api_keys: the user's keys (never a secret). */
export const useApiKeys = () =>
  useQuery({
    queryKey: API_KEYS,
    queryFn: async ({ signal }) => (await call(ApiKeyListCall, {}, { signal })).list,
  });

function useKeysMutation<I, R>(fn: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: API_KEYS }) });
}

export interface CreateKeyInput {
  label: string;
  permissions: ApiKeyPermission[];
  ip_whitelist: string;
  kind: 'hmac' | 'ed25519';
  public_key: string;
  password: string;
  totp_code?: string;
}

/** POST /api/user/api_keys: `{id, api_key, secret}` (the HMAC secret only in this reply). */
export const useCreateApiKey = () =>
  useKeysMutation((input: CreateKeyInput) =>
    call(ApiKeyCreateCall, { ...input, ip_whitelist: input.ip_whitelist }),
  );

/** POST /api/user/api_keys/delete */
export const useDeleteApiKey = () => useKeysMutation((id: number) => call(ApiKeyDeleteCall, { id }));

/** POST /api/user/api_keys/disable: `is_enabled` 0 disables, 1 enables again. */
export const useSetApiKeyEnabled = () =>
  useKeysMutation((v: { id: number; isEnabled: boolean }) =>
    call(ApiKeyDisableCall, { id: v.id, is_enabled: v.isEnabled ? 1 : 0 }),
  );
