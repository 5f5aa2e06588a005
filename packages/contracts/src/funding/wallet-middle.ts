/**
 * The wallet service's calls (`/walletMiddle/...`), kept for clients of this API family. Unlike the rest of
 * the API they answer `{code, msg, data}`: code 0 is success, otherwise `msg` is shown. The caller is the
 * session's user (the `user_id` they send is ignored); a binding needs a code sent to that user. The
 * legacy `{data: <json>, sign}` body of `BindDrawAddress` is accepted: its fields are read from `data`,
 * the `sign` is not a credential and is ignored.
 */
import { z } from 'zod';
import { defineCall } from '../call';

const loose = z.unknown().optional();

export const WalletMiddleReply = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.union([z.null(), z.object({ address: z.string(), memo: z.string() })]),
});
export type WalletMiddleReply = z.infer<typeof WalletMiddleReply>;

export const WalletMiddleSendCodeCall = defineCall({
  method: ['GET', 'POST'],
  path: '/walletMiddle/SendVerificationcode',
  auth: 'optional',
  envelope: false,
  summary: 'Wallet service: sends the address-binding code to the caller (as `wallet/address_code`)',
  input: z.object({ user_id: loose }),
  reply: WalletMiddleReply,
});

export const WalletMiddleGetAddressCall = defineCall({
  method: ['GET', 'POST'],
  path: '/walletMiddle/GetDrawAddress',
  auth: 'optional',
  envelope: false,
  summary:
    'Wallet service: the caller’s newest bound withdrawal address of a coin (`coin_name`, optionally `contract_address` of the network)',
  input: z.object({ user_id: loose, coin_name: loose, contract_address: loose }),
  reply: WalletMiddleReply,
});

export const WalletMiddleBindCall = defineCall({
  method: 'POST',
  path: '/walletMiddle/BindDrawAddress',
  auth: 'optional',
  envelope: false,
  summary:
    'Wallet service: binds a withdrawal address; fields (address, memo, coin_name, contract_address, verificationcode) flat or in `data` (JSON text), `sign` ignored',
  input: z.object({
    data: loose,
    sign: loose,
    address: loose,
    memo: loose,
    coin_name: loose,
    contract_address: loose,
    verificationcode: loose,
    user_id: loose,
  }),
  reply: WalletMiddleReply,
});
