/**
 * The account forms' limits, apart from their schemas (as search-limits.ts is): the schemas in
 * accounts.ts, sub-accounts.ts and partners.ts are built from them, and the web's forms give
 * them to their inputs (maxLength, minLength, pattern) without loading zod.
 */

/** An e-mail address is at most 254 characters (RFC 5321); a mobile number is shorter. */
export const LOGIN_ID_MAX_LENGTH = 254;
/** A password typed to prove who one is (login, the old password, the owner's): any length to 200. */
export const PASSWORD_MAX_LENGTH = 200;
/** A new password: 8 to 72 characters (bcrypt reads 72 bytes). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_MAX_LENGTH = 72;
/** A kid-mode PIN: four to six digits. */
export const KID_PIN_PATTERN = '\\d{4,6}';
export const KID_PIN_MIN_LENGTH = 4;
export const KID_PIN_MAX_LENGTH = 6;
/** A partner account id: the operator's mobile line (09 and 8 digits) or kbro's K and 9 digits. */
export const PARTNER_ACCOUNT_ID_MAX_LENGTH = 10;
/** A partner's verification code: six digits. */
export const VERIFICATION_CODE_LENGTH = 6;

/** A contact phone: a Taiwanese mobile number, 09 and eight digits (as a phone login id is). */
export const PHONE_PATTERN = '09\\d{8}';
export const PHONE_LENGTH = 10;

/** A password-reset link's token: 43 URL-safe base64 characters (32 random bytes). */
export const RESET_TOKEN_PATTERN = '[\\w-]{43}';

/** The same limits as input attributes, per kind of field, for the web's forms. */
export const accountFieldLimits = {
  loginId: { maxLength: LOGIN_ID_MAX_LENGTH },
  password: { maxLength: PASSWORD_MAX_LENGTH },
  newPassword: { minLength: NEW_PASSWORD_MIN_LENGTH, maxLength: NEW_PASSWORD_MAX_LENGTH },
  newPasswordConfirm: { maxLength: NEW_PASSWORD_MAX_LENGTH },
  kidPin: {
    pattern: KID_PIN_PATTERN,
    minLength: KID_PIN_MIN_LENGTH,
    maxLength: KID_PIN_MAX_LENGTH,
  },
  email: { maxLength: LOGIN_ID_MAX_LENGTH },
  phone: { pattern: PHONE_PATTERN, maxLength: PHONE_LENGTH },
  partnerAccountId: { maxLength: PARTNER_ACCOUNT_ID_MAX_LENGTH },
  verificationCode: { maxLength: VERIFICATION_CODE_LENGTH },
} as const;
