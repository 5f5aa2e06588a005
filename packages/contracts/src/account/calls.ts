import { z } from 'zod';
import { defineCall } from '../call';

export const UserInfo = z.object({
  id: z.number().int(),
  extension_code: z.string(),
  is_seller: z.number().int(),
  type: z.string(),
  email: z.string(),
  phone: z.string(),
  account_number: z.string(),
  area_code: z.string(),
  area_code_id: z.number().int(),
  review_status: z.number().int(),
  lang: z.string(),
  role: z.enum(['user', 'admin']),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const UserInfoCall = defineCall({
  method: 'GET',
  path: '/api/user/info',
  auth: 'user',
  summary: 'The logged-in user',
  input: z.object({}),
  reply: UserInfo,
});

export const LogoutCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/user/logout',
  auth: 'optional',
  summary: 'Revoke the presented session token',
  input: z.object({}),
  reply: z.string(),
});
