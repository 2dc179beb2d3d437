import { z } from 'zod';
import { contentIdSchema } from './fields.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { heldRightSchema } from './orders.js';
import { siteCalls } from './routes.js';
import { batchSerialProblem } from './voucher-serials.js';

/**
 * Vouchers and the wallet (issue 11, docs/adr/0020): ajaxChangeVoucherContent.do (serialNumber)
 * shows what a serial grants and the titles it lets the holder choose from; ajaxRedeemVoucherData.do
 * (exchangeCode, contentId) redeems it; ajaxFindWalletData.do reads the balances and the history.
 */

export const SERIAL_MIN_LENGTH = 4;
export const SERIAL_MAX_LENGTH = 32;
export const SERIAL_FORMAT_MESSAGE = `序號格式不正確：請輸入 ${SERIAL_MIN_LENGTH} 到 ${SERIAL_MAX_LENGTH} 個英文字母或數字。`;

/**
 * The one spelling of a serial: full-width characters folded (NFKC), upper case, without the
 * spaces, dashes and underscores people type or paste between groups ("abcd-1234" → "ABCD1234").
 */
export function normaliseSerial(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * A serial as typed; it reaches the server's rules normalised (A–Z and 0–9, 4 to 32 of them). A
 * serial of the batch shape must pass its check character (voucher-serials.ts): a typo is refused
 * here, as a malformed serial is, before any lookup and without counting as a guess (ADR 0045).
 */
export const serialSchema = z
  .string()
  .max(80, SERIAL_FORMAT_MESSAGE)
  .transform(normaliseSerial)
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-Z0-9]{${SERIAL_MIN_LENGTH},${SERIAL_MAX_LENGTH}}$`),
        SERIAL_FORMAT_MESSAGE,
      )
      .superRefine((serial, context) => {
        const problem = batchSerialProblem(serial);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  );

const contentId = contentIdSchema;

/** 'title': a rental of one title (or one of a choice); 'service': a monthly service period. */
export const voucherKindSchema = z.enum(['title', 'service', 'stored_value', 'viewing_credit']);
export type VoucherKind = z.infer<typeof voucherKindSchema>;

/** The two purses: stored value (儲值金) and viewing credit (看片金). */
export const purseSchema = z.enum(['stored', 'credit']);
export type Purse = z.infer<typeof purseSchema>;

/** ajaxChangeVoucherContent.do: POST (the serial is a secret, and every look counts as a guess). */
export const changeVoucherContentBodySchema = z.object({ serialNumber: serialSchema });

/**
 * ajaxRedeemVoucherData.do: POST. `contentId` is the title chosen on a voucher that offers a
 * choice (one of its `choices`). Any amount or price sent along is ignored: the voucher says.
 */
export const redeemVoucherBodySchema = z.object({
  exchangeCode: serialSchema,
  contentId: contentId.optional(),
});

export const voucherTitleSchema = z.object({
  contentId: z.string(),
  /** The detail page's second id: the series of an episode, else the title itself. */
  otherId: z.string(),
  contentName: z.string(),
  posterUrl: z.string(),
});
export type VoucherTitle = z.infer<typeof voucherTitleSchema>;

/**
 * A title a voucher would grant, with the right the account already holds on it (null: none).
 * A held title cannot be redeemed: the confirm step says until when it is held and spends nothing.
 */
export const voucherOfferTitleSchema = voucherTitleSchema.extend({
  held: heldRightSchema.nullable(),
});
export type VoucherOfferTitle = z.infer<typeof voucherOfferTitleSchema>;

export const voucherServiceSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  periodDays: z.number().int(),
});

/** SPEC §4/§9: a rental must be started within 168 hours, then watched within 48 hours. */
export const rentalTermsSchema = z.object({
  startHours: z.number().int(),
  watchHours: z.number().int(),
});

/** What a serial grants, before it is redeemed (step1 of the redeem screen). */
export const voucherPreviewSchema = z.object({
  serialNumber: z.string(),
  kind: voucherKindSchema,
  /** Unix seconds: the serial must be redeemed before this moment, else it counts as waived. */
  validUntil: z.number().int(),
  /** The title of a single-title voucher; null for other kinds and for a voucher with a choice. */
  title: voucherOfferTitleSchema.nullable(),
  /** The titles to choose from; empty unless the voucher offers a choice. */
  choices: z.array(voucherOfferTitleSchema),
  rental: rentalTermsSchema.nullable(),
  service: voucherServiceSchema.nullable(),
  /** NT$ added to the stored-value or viewing-credit purse. */
  amount: z.number().int().nullable(),
  /** Days a viewing credit lasts after redemption. */
  creditDays: z.number().int().nullable(),
});
export type VoucherPreview = z.infer<typeof voucherPreviewSchema>;
export const voucherPreviewReplySchema = envelopeOf(voucherPreviewSchema);

/** A viewing-credit grant still running: what is left of it and when it ends. */
export const creditLotSchema = z.object({
  amount: z.number().int(),
  /** Unix seconds. */
  expiresAt: z.number().int(),
});

export const walletBalancesSchema = z.object({
  /** 儲值金, NT$. */
  stored: z.number().int(),
  /** 看片金, NT$ (expired grants already written off). */
  credit: z.number().int(),
  /** The viewing-credit grants with something left, soonest to expire first. */
  creditLots: z.array(creditLotSchema),
});
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/** What a redemption granted (step2 of the redeem screen). */
export const redeemVoucherDataSchema = z.object({
  serialNumber: z.string(),
  kind: voucherKindSchema,
  /** Unix seconds of the redemption. */
  redeemedAt: z.number().int(),
  rental: voucherTitleSchema
    .extend({
      /** Unix seconds: the rental must be started before this. */
      startBy: z.number().int(),
    })
    .extend(rentalTermsSchema.shape)
    .nullable(),
  service: z
    .object({
      serviceId: z.string(),
      name: z.string(),
      /** Unix seconds the service now runs until. */
      paidUntil: z.number().int(),
    })
    .nullable(),
  credit: z
    .object({
      purse: purseSchema,
      amount: z.number().int(),
      /** Unix seconds; null for stored value (it does not expire). */
      expiresAt: z.number().int().nullable(),
    })
    .nullable(),
  wallet: walletBalancesSchema,
});
export type RedeemVoucherData = z.infer<typeof redeemVoucherDataSchema>;
export const redeemVoucherReplySchema = envelopeOf(redeemVoucherDataSchema);

/** One redeemed voucher of the account, newest first. */
export const voucherHistoryItemSchema = z.object({
  serialNumber: z.string(),
  kind: voucherKindSchema,
  redeemedAt: z.number().int(),
  /** The title rented, the service extended, or null. */
  contentName: z.string().nullable(),
  serviceName: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type VoucherHistoryItem = z.infer<typeof voucherHistoryItemSchema>;

/** ajaxFindWalletData.do (GET): the balances and the redeemed vouchers. */
export const walletDataSchema = z.object({
  wallet: walletBalancesSchema,
  vouchers: z.array(voucherHistoryItemSchema),
});
export type WalletData = z.infer<typeof walletDataSchema>;
export const walletReplySchema = envelopeOf(walletDataSchema);

/** The redeem screen's calls (docs/adr/0020), each described once (issue 21, call.ts). */
export const voucherCalls = {
  changeVoucherContent: describeCall({
    method: 'POST',
    path: siteCalls.changeVoucherContent,
    summary:
      'What a voucher serial grants and, for a title voucher with a choice, the titles to pick from (changes nothing; counts as a serial try)',
    tags: ['vouchers'],
    input: changeVoucherContentBodySchema,
    reply: voucherPreviewReplySchema,
    access: { who: 'adult', kidRefusal: 'redeem' },
    cache: 'private',
  }),
  redeemVoucherData: describeCall({
    method: 'POST',
    path: siteCalls.redeemVoucherData,
    summary:
      'Redeem a voucher serial once: a rental, a monthly service period, stored value or viewing credit',
    tags: ['vouchers'],
    input: redeemVoucherBodySchema,
    reply: redeemVoucherReplySchema,
    access: { who: 'adult', kidRefusal: 'redeem' },
    cache: 'private',
  }),
  findWalletData: describeCall({
    method: 'GET',
    path: siteCalls.findWalletData,
    summary: 'Stored value and viewing credit balances, and the vouchers redeemed',
    tags: ['vouchers'],
    reply: walletReplySchema,
    access: { who: 'adult', kidRefusal: 'redeem' },
    cache: 'private',
  }),
};
