import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Voucher batches in the console (issue 25 item 5, docs/adr/0045): marketing makes a batch of
 * serials (what it grants, how many, until when, where it is sold), exports them once as CSV (a
 * second export is allowed, audited as a re-export), voids a batch or one serial, and reads each
 * batch's figures. The auditor reads; only marketing (and admin) change or export.
 */

export const VOUCHER_BATCH_MAX = 100_000;

/** What a batch grants: the voucher kinds of ADR 0020, a title voucher with a choice its own. */
export const voucherBatchKindSchema = z.enum([
  'title',
  'title_choice',
  'service',
  'stored_value',
  'viewing_credit',
]);
export type VoucherBatchKind = z.infer<typeof voucherBatchKindSchema>;
export const VOUCHER_BATCH_KIND_LABELS = {
  title: '單片',
  title_choice: '單片（多選一）',
  service: '月租服務',
  stored_value: '儲值金',
  viewing_credit: '看片金',
} as const satisfies Record<VoucherBatchKind, string>;

/** Where a batch's serials are sold or given: a fixed list, so the figures can be compared. */
export const voucherChannelSchema = z.enum(
  [
    'online_store',
    'retail',
    'telecom_bundle',
    'partner',
    'promotion',
    'corporate',
    'customer_care',
  ],
  { message: '請選擇銷售通路' },
);
export type VoucherChannel = z.infer<typeof voucherChannelSchema>;
export const VOUCHER_CHANNEL_LABELS = {
  online_store: '官方網路商店',
  retail: '實體通路（門市、超商）',
  telecom_bundle: '電信綁約贈送',
  partner: '合作夥伴',
  promotion: '行銷活動贈送',
  corporate: '企業團購',
  customer_care: '客服補償',
} as const satisfies Record<VoucherChannel, string>;

const contentId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '影片編號格式不正確');
const batchId = z.string().regex(/^VB[0-9A-Z]{8}$/, '批次編號格式不正確');
const reason = z.string().trim().min(1, '請輸入作廢原因').max(200, '作廢原因最多 200 個字');

export const voucherQuantitySchema = z
  .number({ message: '請輸入數量' })
  .int('數量須為整數')
  .min(1, '數量至少為 1 組')
  .max(VOUCHER_BATCH_MAX, `一批最多 ${VOUCHER_BATCH_MAX.toLocaleString('en-US')} 組序號`);

/**
 * A new batch. Which of the grant's fields are needed follows the kind: a title, 2 to 20 titles to
 * choose from, a monthly service, an amount (NT$), and for viewing credit the days it lasts.
 */
export const newVoucherBatchSchema = z
  .object({
    name: z.string().trim().min(1, '請輸入批次名稱').max(60, '批次名稱最多 60 個字'),
    kind: voucherBatchKindSchema,
    contentId: contentId.optional(),
    contentIds: z.array(contentId).max(20, '最多 20 部可選影片').optional(),
    serviceId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, '月租服務編號格式不正確')
      .optional(),
    amount: z
      .number()
      .int('金額須為整數')
      .min(1, '金額至少為 1 元')
      .max(100_000, '金額最多為 100,000 元')
      .optional(),
    creditDays: z
      .number()
      .int('天數須為整數')
      .min(1, '看片金至少可用 1 天')
      .max(3650, '看片金最多可用 3,650 天')
      .optional(),
    /** Unix seconds; the serials must be redeemed before it (after today, at most 10 years on). */
    validUntil: z.number().int().min(0),
    channel: voucherChannelSchema,
    quantity: voucherQuantitySchema,
  })
  .superRefine((batch, context) => {
    const need = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (batch.kind === 'title' && !batch.contentId) need('contentId', '請輸入要兌換的影片');
    if (batch.kind === 'title_choice' && (batch.contentIds?.length ?? 0) < 2) {
      need('contentIds', '請至少選擇 2 部可選影片');
    }
    if (batch.kind === 'service' && !batch.serviceId) need('serviceId', '請選擇月租服務');
    if ((batch.kind === 'stored_value' || batch.kind === 'viewing_credit') && !batch.amount) {
      need('amount', '請輸入金額');
    }
    if (batch.kind === 'viewing_credit' && !batch.creditDays) {
      need('creditDays', '請輸入看片金可用天數');
    }
  });
export type NewVoucherBatch = z.infer<typeof newVoucherBatchSchema>;

export const voucherBatchFiguresSchema = z.object({
  issued: z.number().int(),
  redeemed: z.number().int(),
  /** Past their end, never redeemed nor voided (waived). */
  expired: z.number().int(),
  /** Voided before anyone redeemed them. */
  voided: z.number().int(),
  /** Still redeemable. */
  open: z.number().int(),
});
export type VoucherBatchFigures = z.infer<typeof voucherBatchFiguresSchema>;

export const voucherBatchSchema = z.object({
  batchId: z.string(),
  name: z.string(),
  kind: voucherBatchKindSchema,
  /** What it grants, in words (a title's name, a service, an amount). */
  grants: z.string(),
  contentId: z.string().nullable(),
  contentIds: z.array(z.string()),
  serviceId: z.string().nullable(),
  amount: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
  validUntil: z.number().int(),
  channel: voucherChannelSchema,
  quantity: z.number().int(),
  createdAt: z.number().int(),
  createdBy: z.string(),
  /** How often the serials were exported: 0 not yet, 1 once, more: re-exported. */
  exportCount: z.number().int(),
  firstExportedAt: z.number().int().nullable(),
  voidedAt: z.number().int().nullable(),
  figures: voucherBatchFiguresSchema,
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

const batchParams = z.object({ batchId: batchId });
const batchReply = envelopeOf(z.object({ batch: voucherBatchSchema }));
const CHANGERS = ['marketing'] as const;
const READERS = ['marketing', 'auditor'] as const;

export const voucherSerialStateSchema = z.enum(['open', 'redeemed', 'expired', 'voided']);
export type VoucherSerialState = z.infer<typeof voucherSerialStateSchema>;

export const consoleVoucherCalls = {
  listBatches: describeConsoleCall({
    method: 'GET',
    path: '/console/api/voucher-batches',
    summary: 'Voucher batches, newest first, with their figures',
    tags: ['console: vouchers'],
    input: z.object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    reply: envelopeOf(
      z.object({
        batches: z.array(voucherBatchSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
    access: { staff: READERS },
  }),
  getBatch: describeConsoleCall({
    method: 'GET',
    path: '/console/api/voucher-batches/:batchId',
    summary: 'One voucher batch with its figures',
    tags: ['console: vouchers'],
    params: batchParams,
    reply: batchReply,
    access: { staff: READERS },
  }),
  createBatch: describeConsoleCall({
    method: 'POST',
    path: '/console/api/voucher-batches',
    summary:
      'Make a batch of 1 to 100,000 serials (CSPRNG, no look-alike characters, a check character), stored in one transaction',
    tags: ['console: vouchers'],
    input: newVoucherBatchSchema,
    reply: batchReply,
    access: { staff: CHANGERS },
  }),
  /**
   * The serials as CSV. The first export is the export; another needs `reExport: true` (else 409
   * VOUCHER_BATCH_EXPORTED) and is recorded in the audit trail as a re-export.
   */
  exportBatch: describeConsoleCall({
    method: 'POST',
    path: '/console/api/voucher-batches/:batchId/export',
    summary: "A batch's serials as CSV (UTF-8 with BOM); a second export is audited as a re-export",
    tags: ['console: vouchers'],
    params: batchParams,
    input: z.object({ reExport: z.boolean().default(false) }),
    reply: z.string(),
    access: { staff: CHANGERS },
  }),
  voidBatch: describeConsoleCall({
    method: 'POST',
    path: '/console/api/voucher-batches/:batchId/void',
    summary: 'Void every serial of a batch not yet redeemed (redeemed ones keep their grant)',
    tags: ['console: vouchers'],
    params: batchParams,
    input: z.object({ reason }),
    reply: envelopeOf(z.object({ batch: voucherBatchSchema, voided: z.number().int() })),
    access: { staff: CHANGERS },
  }),
  voidSerial: describeConsoleCall({
    method: 'POST',
    path: '/console/api/voucher-batches/:batchId/serials/void',
    summary: 'Void one serial of a batch (refused when it is already redeemed)',
    tags: ['console: vouchers'],
    params: batchParams,
    input: z.object({ serial: z.string().min(1, '請輸入序號').max(40), reason }),
    reply: batchReply,
    access: { staff: CHANGERS },
  }),
} as const;
