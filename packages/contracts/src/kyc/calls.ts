/**
 * Uploads and identity verification (operator review is Oryx's own design:
 * the API family has no admin calls).
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';
import { wireText } from '../auth/calls';

/** Uploads: images only (checked by content), at most 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Where uploads are served: `/uploads/<random name>.<ext>`. */
export const UPLOAD_URL_PREFIX = '/uploads/';

export const UploadCall = defineCall({
  method: 'POST',
  path: '/api/upload',
  // Clients of this API family upload without a session: such a file waits unclaimed (and unserved)
  // until the identity or payment-details submission naming it claims it for the submitting user.
  auth: 'optional',
  summary:
    'Upload an image (multipart field `file`, at most 5 MB); the reply message is its URL (a short-lived signed URL for a private upload). Without a session the file is served only once an identity or payment-details submission claims it. `visibility=public` (operators only: news and banner images) makes it fetchable by anyone',
  input: z.object({ visibility: z.enum(['private', 'public']).default('private') }),
  reply: z.string(),
});

export const RealNameCall = defineCall({
  method: 'POST',
  path: '/api/user/real_name',
  auth: 'user',
  summary: 'Submit identity verification: name, id card number, front, back and hand-held images (0 → 1)',
  input: z.object({
    name: wireText(200),
    card_id: wireText(200),
    front_pic: wireText(400),
    reverse_pic: wireText(400),
    hand_pic: wireText(400),
  }),
  reply: z.string(),
});

/** review_status values: 0 none, 1 auditing, 2 certified. */
export const REVIEW_STATUS = { none: 0, auditing: 1, certified: 2 } as const;
/** A submission's own status: 1 waiting, 2 approved, 3 rejected. */
export const KYC_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

export const KycSubmission = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account_number: z.string(),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  hand_pic: z.string(),
  status: z.number().int(),
  reason: z.string(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type KycSubmission = z.infer<typeof KycSubmission>;

/** Identity documents: each read goes to the audit log, naming the users whose documents it showed. */
export const AdminKycListCall = defineCall({
  method: 'GET',
  path: '/api/admin/kyc/list',
  auth: 'admin',
  auditReads: true,
  summary: 'Identity submissions by status (1 waiting by default), oldest first',
  input: z.object({
    status: intish((n) => n.min(1).max(3).default(1)),
    page: intish((n) => n.min(1).max(10_000).default(1)),
    limit: intish((n) => n.min(1).max(100).default(20)),
  }),
  reply: z.object({
    data: z.array(KycSubmission),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const AdminKycApproveCall = defineCall({
  method: 'POST',
  path: '/api/admin/kyc/approve',
  auth: 'admin',
  summary: 'Approve a waiting submission: the user becomes certified (review_status 2)',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.string(),
});

export const AdminKycRejectCall = defineCall({
  method: 'POST',
  path: '/api/admin/kyc/reject',
  auth: 'admin',
  summary: 'Reject a waiting submission with a reason: the user may submit again (review_status 0)',
  input: z.object({ id: intish((n) => n.min(1)), reason: wireText(200) }),
  reply: z.string(),
});
