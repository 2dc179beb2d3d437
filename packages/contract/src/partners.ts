import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from './account-limits.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

/** Partner accounts a member may bind (docs/adr/0006): the operator's own line, and kbro cable. */
export const partnerSchema = z.enum(['telecom', 'kbro']);
export type Partner = z.infer<typeof partnerSchema>;

const verificationCode = z
  .string()
  .regex(
    new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
    `驗證碼為 ${VERIFICATION_CODE_LENGTH} 位數字。`,
  );

/** ajaxBindLoginData.do: bind the operator's mobile line (its number and the SMS code). */
export const bindLoginDataBodySchema = z.object({
  partnerAccountId: z.string().regex(/^09\d{8}$/, '請輸入有效的手機號碼。'),
  verificationCode,
});

/**
 * ajaxKbroBindLoginData.do (reserveType): bind a kbro cable account. When that cable account is
 * already bound to another member, reserveType '1' keeps the existing binding (and refuses),
 * '2' moves it to this member.
 */
export const kbroBindLoginDataBodySchema = z.object({
  partnerAccountId: z.string().regex(/^K\d{9}$/, 'kbro 帳號格式為 K 加 9 位數字。'),
  verificationCode,
  reserveType: z.enum(['1', '2']).default('1'),
});

export const partnerBindingSchema = z.object({
  partner: partnerSchema,
  partnerAccountIdMasked: z.string(),
  boundAt: z.number().int(),
});
export const partnerBindingReplySchema = envelopeOf(z.object({ binding: partnerBindingSchema }));

/** ajaxBindLoginData.do and ajaxKbroBindLoginData.do: bind a partner account (issue 21). */
export const partnerCalls = {
  bindLoginData: describeCall({
    method: 'POST',
    path: siteCalls.bindLoginData,
    summary: "Bind the operator's mobile line to this member",
    tags: ['accounts'],
    input: bindLoginDataBodySchema,
    reply: partnerBindingReplySchema,
    access: { who: 'adult', kidRefusal: 'binding' },
  }),
  kbroBindLoginData: describeCall({
    method: 'POST',
    path: siteCalls.kbroBindLoginData,
    summary: 'Bind a kbro cable account (reserveType decides a binding held elsewhere)',
    tags: ['accounts'],
    input: kbroBindLoginDataBodySchema,
    reply: partnerBindingReplySchema,
    access: { who: 'adult', kidRefusal: 'binding' },
  }),
};
