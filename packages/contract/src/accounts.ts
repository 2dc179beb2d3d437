import { z } from 'zod';
import {
  KID_PIN_MAX_LENGTH,
  KID_PIN_MIN_LENGTH,
  KID_PIN_PATTERN,
  LOGIN_ID_MAX_LENGTH,
  NEW_PASSWORD_MAX_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  RESET_TOKEN_PATTERN,
} from './account-limits.js';
import { describeCall } from './call.js';
import { deviceContextReplySchema } from './device.js';
import { deviceKeySchema } from './fields.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

const yn = z.enum(['Y', 'N']);

/** An e-mail address or a Taiwanese mobile number (09 and eight digits): how members log in. */
export const loginIdSchema = z
  .string()
  .trim()
  .max(LOGIN_ID_MAX_LENGTH)
  .transform((v) => v.toLowerCase())
  .pipe(
    z.union([
      z.email({ error: '請輸入有效的電子郵件或手機號碼。' }),
      z.string().regex(/^09\d{8}$/, '請輸入有效的電子郵件或手機號碼。'),
    ]),
  );

export const passwordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN_LENGTH, `密碼至少需要 ${NEW_PASSWORD_MIN_LENGTH} 個字元。`)
  .max(NEW_PASSWORD_MAX_LENGTH, `密碼最多 ${NEW_PASSWORD_MAX_LENGTH} 個字元。`)
  .regex(/[A-Za-z]/, '密碼需包含英文字母。')
  .regex(/\d/, '密碼需包含數字。');

/** A kid-mode PIN the owner sets: four to six digits. */
export const kidPinSchema = z
  .string()
  .regex(
    new RegExp(`^${KID_PIN_PATTERN}$`),
    `PIN 碼需為 ${KID_PIN_MIN_LENGTH} 到 ${KID_PIN_MAX_LENGTH} 位數字。`,
  );

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

/**
 * Sign-up's first step answers the same whether or not the id is taken (docs/adr/0044): where
 * the confirmation went (the id's kind, which the visitor typed) and how long it is valid.
 */
export const SIGN_UP_CONFIRM_MINUTES = 30;
export const signUpReplySchema = envelopeOf(
  z.object({ sentBy: z.enum(['email', 'sms']), minutes: z.number().int() }),
);

/** The second step: the e-mail link's token, or the mobile number and the SMS's 6-digit code. */
export const confirmSignUpBodySchema = z.union([
  z.object({ token: z.string().regex(new RegExp(`^${RESET_TOKEN_PATTERN}$`), '確認連結不正確') }),
  z.object({
    loginId: loginIdSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, '請輸入簡訊中的 6 位數驗證碼。'),
  }),
]);

export const loginBodySchema = z.object({
  loginId: z
    .string()
    .trim()
    .min(1)
    .max(LOGIN_ID_MAX_LENGTH)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /**
   * After a DEVICE_LIMIT refusal: the registered device to remove so this one fits (its
   * deviceKey from the refusal's data.devices; docs/adr/0042).
   */
  removeDeviceKey: deviceKeySchema.optional(),
});

export const loginReplySchema = envelopeOf(
  loginInfoSchema.extend({
    /** 'Y' when the account has more than one sub-account: the select screen comes next. */
    needSubaccountSelect: yn,
  }),
);

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

export const emptyReplySchema = envelopeOf(z.object({}));

/**
 * A kid sub-account manages sub-accounts or leaves kid mode only with the owner's password or
 * the PIN the owner set; adults need neither.
 */
export const ownerProofSchema = z.object({
  ownerPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  ownerPin: z
    .string()
    .regex(new RegExp(`^${KID_PIN_PATTERN}$`))
    .optional(),
});

export const headerMemberInfoReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    nickname: z.string(),
    iconUrl: z.string(),
    iconDesc: z.string(),
    kidMode: z.enum(['0', '1']),
  }),
);

export const headerAccountInfoReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    /** The login id with its middle masked, e.g. 09****5678 or ab***@example.com. */
    loginIdMasked: z.string(),
    subAccountCount: z.number().int(),
  }),
);

const tags = ['accounts'];

/** Sign-up, login, logout and the session context of the site face (issue 21, call.ts). */
export const accountCalls = {
  signUp: describeCall({
    method: 'POST',
    path: siteCalls.signUp,
    summary:
      'Sign-up, first step: send a confirmation to the login id (e-mail link or SMS code); the same answer whether or not the id is taken',
    tags,
    input: signUpBodySchema,
    reply: signUpReplySchema,
    access: { who: 'anyone' },
  }),
  confirmSignUp: describeCall({
    method: 'POST',
    path: siteCalls.confirmSignUp,
    summary:
      "Sign-up, second step: the e-mail link's token or the SMS code creates the account (and its primary sub-account) and logs in",
    tags,
    input: confirmSignUpBodySchema,
    reply: loginReplySchema,
    access: { who: 'anyone' },
  }),
  login: describeCall({
    method: 'POST',
    path: siteCalls.login,
    summary: 'Log in; a new session id every time',
    tags,
    input: loginBodySchema,
    reply: loginReplySchema,
    access: { who: 'anyone' },
  }),
  logout: describeCall({
    method: 'POST',
    path: siteCalls.logout,
    summary: 'End this session',
    tags,
    reply: emptyReplySchema,
    access: { who: 'anyone' },
  }),
  logoutAllDevices: describeCall({
    method: 'POST',
    path: siteCalls.logoutAllDevices,
    summary: 'End every session and app token of the account (a kid session needs the owner)',
    tags,
    input: ownerProofSchema.optional(),
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
  changePassword: describeCall({
    method: 'POST',
    path: siteCalls.changePassword,
    summary: 'Change the password; every other session and app token ends',
    tags,
    input: changePasswordBodySchema,
    reply: emptyReplySchema,
    access: { who: 'adult', kidRefusal: 'password' },
  }),
  getIsLogin: describeCall({
    method: 'GET',
    path: siteCalls.getIsLogin,
    summary: 'Whether this browser is logged in',
    tags,
    reply: isLoginReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  getLoginInfo: describeCall({
    method: 'GET',
    path: siteCalls.getLoginInfo,
    summary: 'The session context (SPEC §3); also hands out the CSRF cookie',
    tags,
    reply: loginInfoReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  checkDeviceType: describeCall({
    method: 'GET',
    path: siteCalls.checkDeviceType,
    summary: 'Device type, AVOD support and platform from the user agent',
    tags,
    reply: deviceContextReplySchema,
    access: { who: 'anyone' },
  }),
  getHeaderMemberInfo: describeCall({
    method: 'GET',
    path: siteCalls.getHeaderMemberInfo,
    summary: 'Nickname and icon of the sub-account in use',
    tags,
    reply: headerMemberInfoReplySchema,
    access: {
      who: 'member',
      visitor: { isLogin: 'N', nickname: '', iconUrl: '', iconDesc: '', kidMode: '0' },
    },
    cache: 'private',
  }),
  getHeaderAccountInfo: describeCall({
    method: 'GET',
    path: siteCalls.getHeaderAccountInfo,
    summary: 'The account behind the session: masked login id and sub-account count',
    tags,
    reply: headerAccountInfoReplySchema,
    access: { who: 'member', visitor: { isLogin: 'N', loginIdMasked: '', subAccountCount: 0 } },
    cache: 'private',
  }),
};
