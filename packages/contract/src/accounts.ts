import { z } from 'zod';
import { envelopeOf } from './envelope.js';

const yn = z.enum(['Y', 'N']);

/** An e-mail address or a Taiwanese mobile number (09 and eight digits): how members log in. */
export const loginIdSchema = z
  .string()
  .trim()
  .max(254)
  .transform((v) => v.toLowerCase())
  .pipe(
    z.union([
      z.email({ error: '請輸入有效的電子郵件或手機號碼。' }),
      z.string().regex(/^09\d{8}$/, '請輸入有效的電子郵件或手機號碼。'),
    ]),
  );

export const passwordSchema = z
  .string()
  .min(8, '密碼至少需要 8 個字元。')
  .max(72, '密碼最多 72 個字元。')
  .regex(/[A-Za-z]/, '密碼需包含英文字母。')
  .regex(/\d/, '密碼需包含數字。');

/** A kid-mode PIN the owner sets: four to six digits. */
export const kidPinSchema = z.string().regex(/^\d{4,6}$/, 'PIN 碼需為 4 到 6 位數字。');

/** Where to go after login: a path on this site only (no scheme, no host, no //). */
export const returnToSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, '返回網址不正確。');

/** Sub-account fields of SPEC §3; subAccountUid travels as newSubaccountID. */
export const subAccountSchema = z.object({
  subAccountUid: z.string(),
  nickname: z.string(),
  kidmode: z.enum(['0', '1']),
  iconIdx: z.number().int(),
  iconUrl: z.string(),
  iconDesc: z.string(),
  isPrimary: yn,
  /** The restricted-content filter option (SPEC §6): 'Y' filters restricted titles out. */
  filterRestrict: yn,
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** The session context of SPEC §3 the web app needs. */
export const loginInfoSchema = z.object({
  isLogin: yn,
  accountID: z.string(),
  uId: z.string(),
  nickname: z.string(),
  kidMode: z.enum(['0', '1']),
  kidModeCategoryId: z.string(),
  deviceType: z.string(),
  /** Server time, Unix seconds. */
  ts: z.number().int(),
});
export type LoginInfo = z.infer<typeof loginInfoSchema>;
export const loginInfoReplySchema = envelopeOf(loginInfoSchema);

export const isLoginReplySchema = envelopeOf(z.object({ isLogin: yn }));

export const signUpBodySchema = z.object({
  loginId: loginIdSchema,
  password: passwordSchema,
});

export const loginBodySchema = z.object({
  loginId: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1).max(200),
});

export const loginReplySchema = envelopeOf(
  loginInfoSchema.extend({
    /** 'Y' when the account has more than one sub-account: the select screen comes next. */
    needSubaccountSelect: yn,
  }),
);

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: passwordSchema,
});

export const emptyReplySchema = envelopeOf(z.object({}));
