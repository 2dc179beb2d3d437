import { z } from 'zod';
import { plainId, yn } from './fields.js';
import { PASSWORD_MAX_LENGTH } from './account-limits.js';
import {
  emptyReplySchema,
  kidPinSchema,
  loginInfoReplySchema,
  ownerProofSchema,
  subAccountSchema,
} from './accounts.js';
import { describeCall } from './call.js';
import { cjkNicknameSchema } from './cjk.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

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
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
});

export const deleteSubAccountBodySchema = ownerProofSchema.extend({ newSubaccountID: uid });

export const setKidPinBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  pin: kidPinSchema,
});

/** ajaxUnlockKidPin.do: the owner's password lifts the lock that wrong kid PINs left. */
export const unlockKidPinBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const subAccountReplySchema = envelopeOf(z.object({ subAccount: subAccountSchema }));

const tags = ['sub-accounts'];

/** Sub-accounts: list, select, switch, create, update, delete, the kid-mode PIN (issue 21). */
export const subAccountCalls = {
  getSubaccountInfo: describeCall({
    method: 'GET',
    path: siteCalls.getSubaccountInfo,
    summary: 'Every sub-account of the account and the one in use',
    tags,
    reply: subAccountListReplySchema,
    access: { who: 'member' },
    cache: 'private',
  }),
  showSubaccountSelect: describeCall({
    method: 'GET',
    path: siteCalls.showSubaccountSelect,
    summary: "Whether the select screen shows (result 'Y' when there is more than one sub-account)",
    tags,
    input: showSubaccountSelectQuerySchema,
    reply: showSubaccountSelectReplySchema,
    access: { who: 'member' },
    cache: 'private',
  }),
  changeSubAccount: describeCall({
    method: 'POST',
    path: siteCalls.changeSubAccount,
    summary: 'Switch the session to another sub-account (leaving kid mode needs the owner)',
    tags,
    input: changeSubAccountBodySchema,
    reply: loginInfoReplySchema,
    access: { who: 'member' },
  }),
  createSubAccount: describeCall({
    method: 'POST',
    path: siteCalls.createSubAccount,
    summary: 'Add a sub-account (at most five per account)',
    tags,
    input: createSubAccountBodySchema,
    reply: subAccountReplySchema,
    access: { who: 'member' },
  }),
  updateSubAccount: describeCall({
    method: 'POST',
    path: siteCalls.updateSubAccount,
    summary: 'Change nickname, icon, kid mode or the restricted-content filter of a sub-account',
    tags,
    input: updateSubAccountBodySchema,
    reply: subAccountReplySchema,
    access: { who: 'member' },
  }),
  deleteSubAccount: describeCall({
    method: 'POST',
    path: siteCalls.deleteSubAccount,
    summary: 'Delete a sub-account (never the primary one, nor the one in use)',
    tags,
    input: deleteSubAccountBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
  setKidPin: describeCall({
    method: 'POST',
    path: siteCalls.setKidPin,
    summary: 'Set the PIN that lets a kid sub-account be left or managed',
    tags,
    input: setKidPinBodySchema,
    reply: emptyReplySchema,
    access: { who: 'adult', kidRefusal: 'kidPin' },
  }),
  unlockKidPin: describeCall({
    method: 'POST',
    path: siteCalls.unlockKidPin,
    summary:
      "Lift the kid PIN's lock (after too many wrong PINs) with the owner's password; kid sessions may call it",
    tags,
    input: unlockKidPinBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
};
