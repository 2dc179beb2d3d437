import { z } from 'zod';
import { plainId, yn } from './fields.js';
import { ownerProofSchema, subAccountSchema } from './accounts.js';
import { cjkNicknameSchema } from './cjk.js';
import { envelopeOf } from './envelope.js';

const uid = plainId();
/** How many avatars there are to pick from (iconIdx 0–7). */
export const SUB_ACCOUNT_ICON_COUNT = 8;
const iconIdx = z.coerce
  .number()
  .int()
  .min(0)
  .max(SUB_ACCOUNT_ICON_COUNT - 1);

export const subAccountListDataSchema = z.object({
  subAccountList: z.object({ subAccount: z.array(subAccountSchema) }),
  currentSubaccountID: z.string(),
  maxSubAccounts: z.number().int(),
});
export const subAccountListReplySchema = envelopeOf(subAccountListDataSchema);

/** ajaxShowSubaccountSelect.do (type): whether to show the select screen, and what it lists. */
export const showSubaccountSelectQuerySchema = z.object({
  type: z.enum(['login', 'switch']).default('login'),
});
export const showSubaccountSelectReplySchema = envelopeOf(
  subAccountListDataSchema.extend({ result: yn }),
);

/** ajaxChangeSubAccount.do: switch the session to another sub-account (newSubaccountID). */
export const changeSubAccountBodySchema = ownerProofSchema.extend({ newSubaccountID: uid });

export const createSubAccountBodySchema = ownerProofSchema.extend({
  nickname: cjkNicknameSchema,
  iconIdx: iconIdx.default(0),
  kidmode: z.enum(['0', '1']).default('0'),
});

export const updateSubAccountBodySchema = ownerProofSchema.extend({
  newSubaccountID: uid,
  nickname: cjkNicknameSchema.optional(),
  iconIdx: iconIdx.optional(),
  kidmode: z.enum(['0', '1']).optional(),
  filterRestrict: yn.optional(),
  /** Re-entered by an adult to switch the restricted-content filter off. */
  password: z.string().min(1).max(200).optional(),
});

export const deleteSubAccountBodySchema = ownerProofSchema.extend({ newSubaccountID: uid });

export const setKidPinBodySchema = z.object({
  password: z.string().min(1).max(200),
  pin: z.string().regex(/^\d{4,6}$/, 'PIN 碼需為 4 到 6 位數字。'),
});

/** ajaxUnlockKidPin.do: the owner's password lifts the lock that wrong kid PINs left. */
export const unlockKidPinBodySchema = z.object({ password: z.string().min(1).max(200) });

export const subAccountReplySchema = envelopeOf(z.object({ subAccount: subAccountSchema }));
