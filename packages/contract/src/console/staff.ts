import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';
import { STAFF_ROLES } from './roles.js';

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const staffIdSchema = z.string().regex(/^st_[\w-]{6,40}$/, '員工編號格式不正確');
const emailSchema = z.string().trim().toLowerCase().email('電子郵件格式不正確').max(200);
/** Staff passwords are longer than members': they open the whole operator side. */
export const staffPasswordSchema = z
  .string()
  .min(12, '密碼至少 12 個字元')
  .max(200, '密碼最多 200 個字元');
const rolesSchema = z.array(staffRoleSchema).min(1, '請至少選一個角色').max(STAFF_ROLES.length);

/** Who is signed in to the console. */
export const staffSelfSchema = z.object({
  staffId: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(staffRoleSchema),
});
export type StaffSelf = z.infer<typeof staffSelfSchema>;

export const staffMemberSchema = staffSelfSchema.extend({
  disabled: z.boolean(),
  secondFactorEnrolled: z.boolean(),
  lastSignInAt: z.number().int().nullable(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, '請輸入密碼').max(200),
});

/**
 * What signing in answers: `done` (signed in), `code` (the roles need a second factor: send the
 * authenticator's code), or `enrol` (first sign-in of such a role: add the secret to an
 * authenticator app, then send its code).
 */
export const signInReplySchema = envelopeOf(
  z.object({
    step: z.enum(['done', 'code', 'enrol']),
    staff: staffSelfSchema.optional(),
    enrolment: z.object({ secret: z.string(), uri: z.string() }).optional(),
  }),
);

export const secondFactorSchema = z.object({
  code: z.string().regex(/^\d{6}$/, '請輸入 6 位數字驗證碼'),
});

const selfReply = envelopeOf(z.object({ staff: staffSelfSchema }));

export const consoleSessionCalls = {
  signIn: describeConsoleCall({
    method: 'POST',
    path: '/console/api/session',
    summary:
      'Staff sign-in with e-mail and password (a second factor follows for admin and finance)',
    tags: ['console: staff'],
    input: signInSchema,
    reply: signInReplySchema,
    access: { staff: 'signingIn' },
  }),
  secondFactor: describeConsoleCall({
    method: 'POST',
    path: '/console/api/session/second-factor',
    summary: 'The authenticator code that completes a sign-in (and, the first time, enrols it)',
    tags: ['console: staff'],
    input: secondFactorSchema,
    reply: selfReply,
    access: { staff: 'signingIn' },
  }),
  current: describeConsoleCall({
    method: 'GET',
    path: '/console/api/session',
    summary: 'Who is signed in to the console',
    tags: ['console: staff'],
    reply: selfReply,
    access: { staff: 'anyStaff' },
  }),
  signOut: describeConsoleCall({
    method: 'POST',
    path: '/console/api/session/end',
    summary: 'Sign out of the console',
    tags: ['console: staff'],
    reply: envelopeOf(z.object({})),
    access: { staff: 'signingIn' },
  }),
  changePassword: describeConsoleCall({
    method: 'POST',
    path: '/console/api/session/password',
    summary: "Change one's own password; every other console session ends",
    tags: ['console: staff'],
    input: z.object({
      currentPassword: z.string().min(1).max(200),
      newPassword: staffPasswordSchema,
    }),
    reply: envelopeOf(z.object({})),
    access: { staff: 'anyStaff' },
  }),
} as const;

export const newStaffSchema = z.object({
  email: emailSchema,
  displayName: z.string().trim().min(1, '請輸入姓名').max(60),
  roles: rolesSchema,
  password: staffPasswordSchema,
});

export const staffChangeSchema = z.object({
  version: z.number().int().min(0),
  displayName: z.string().trim().min(1).max(60).optional(),
  roles: rolesSchema.optional(),
  disabled: z.boolean().optional(),
  /** Drops the enrolled authenticator: the member enrols again at the next sign-in. */
  resetSecondFactor: z.literal(true).optional(),
});

const staffParams = z.object({ staffId: staffIdSchema });

export const consoleStaffCalls = {
  list: describeConsoleCall({
    method: 'GET',
    path: '/console/api/staff',
    summary: 'Staff members and their roles',
    tags: ['console: staff'],
    reply: envelopeOf(z.object({ staff: z.array(staffMemberSchema) })),
    access: { staff: ['admin'] },
  }),
  add: describeConsoleCall({
    method: 'POST',
    path: '/console/api/staff',
    summary: 'Add a staff member with roles and a first password',
    tags: ['console: staff'],
    input: newStaffSchema,
    reply: envelopeOf(z.object({ staff: staffMemberSchema })),
    access: { staff: ['admin'] },
  }),
  change: describeConsoleCall({
    method: 'PATCH',
    path: '/console/api/staff/:staffId',
    summary:
      "Change a staff member's name, roles or access; sessions end when roles or access change",
    tags: ['console: staff'],
    params: staffParams,
    input: staffChangeSchema,
    reply: envelopeOf(z.object({ staff: staffMemberSchema })),
    access: { staff: ['admin'] },
  }),
} as const;
