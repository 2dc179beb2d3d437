import { z } from 'zod';
import { emptyReplySchema, loginIdSchema, passwordSchema } from './accounts.js';
import { RESET_TOKEN_PATTERN } from './account-limits.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

/**
 * Password reset by e-mail (issue 23): 忘記密碼 asks for a login id and always answers the same,
 * whether or not the id exists; the e-mail's link holds a single-use token valid 30 minutes.
 */
export const PASSWORD_RESET_MINUTES = 30;
export const resetTokenSchema = z
  .string()
  .regex(new RegExp(`^${RESET_TOKEN_PATTERN}$`), '重設連結不正確');

const tags = ['accounts'];

export const passwordResetCalls = {
  requestPasswordReset: describeCall({
    method: 'POST',
    path: siteCalls.requestPasswordReset,
    summary:
      'Send a password-reset link to the login id, if it is an account with an e-mail; the same answer either way',
    tags,
    input: z.object({ loginId: loginIdSchema }),
    reply: envelopeOf(z.object({ minutes: z.number().int() })),
    access: { who: 'anyone' },
  }),
  resetPassword: describeCall({
    method: 'POST',
    path: siteCalls.resetPassword,
    summary: "Set a new password with a reset link's token; every session of the account ends",
    tags,
    input: z.object({ token: resetTokenSchema, newPassword: passwordSchema }),
    reply: emptyReplySchema,
    access: { who: 'anyone' },
  }),
} as const;
