import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleSessionCalls, consoleStaffCalls } from '@site/contract/console';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { addStaff, changeOwnPassword, changeStaff } from './changes.js';
import { findStaff, listStaff, memberOf, selfOf } from './members.js';
import { endStaffSession, type StaffSessionPolicy } from './sessions.js';
import { giveSecondFactor, signIn } from './sign-in.js';
import { consoleCallsOf, registerConsoleCall } from './console-calls.js';
import { consoleApiDocument } from './console-api-document.js';
import { requireStaff } from './access.js';

export interface StaffRouteDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
  policy: StaffSessionPolicy;
}

/** The console's sign-in, session and staff calls (issue 22). */
export function registerStaffConsoleRoutes(app: FastifyInstance, deps: StaffRouteDeps): void {
  const { db, config, clock, policy } = deps;

  // The console's own API document, for staff (any role): the calls registered by every module.
  app.get(
    '/console/api/openapi.json',
    {
      schema: { hide: true },
      preValidation: async (request) => {
        requireStaff(request.staff, 'anyStaff');
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return consoleApiDocument(consoleCallsOf(app));
    },
  );

  registerConsoleCall(app, consoleSessionCalls.signIn, async (input, { request, reply }) => {
    const result = await signIn({ db, config, policy, now: clock() }, { ...input, ip: request.ip });
    reply.startStaffSession(result.session.token, result.session.expiresAt);
    if (result.step === 'done') return { step: 'done' as const, staff: result.staff };
    if (result.step === 'enrol') return { step: 'enrol' as const, enrolment: result.enrolment };
    return { step: 'code' as const };
  });

  registerConsoleCall(app, consoleSessionCalls.secondFactor, async (input, { request, reply }) => {
    if (!request.signingIn) throw new AppError('STAFF_NOT_SIGNED_IN');
    const result = await giveSecondFactor(
      { db, config, policy, now: clock() },
      request.signingIn,
      input.code,
    );
    reply.startStaffSession(result.session.token, result.session.expiresAt);
    return { staff: result.staff };
  });

  registerConsoleCall(app, consoleSessionCalls.current, async (_input, { staff }) => {
    const row = await findStaff(db, staff.staffId);
    if (!row) throw new AppError('STAFF_NOT_SIGNED_IN');
    return { staff: selfOf(row) };
  });

  registerConsoleCall(app, consoleSessionCalls.signOut, async (_input, { request, reply }) => {
    const hash = request.staff?.sessionHash ?? request.signingIn?.sessionHash;
    if (hash) await endStaffSession(db, hash);
    reply.endStaffSession();
    return {};
  });

  registerConsoleCall(app, consoleSessionCalls.changePassword, async (input, { staff, actor }) => {
    await changeOwnPassword(
      db,
      { ...actor, sessionHash: staff.sessionHash },
      input,
      config.PASSWORD_SCRYPT_COST,
      clock(),
    );
    return {};
  });

  registerConsoleCall(app, consoleStaffCalls.list, async () => ({
    staff: (await listStaff(db)).map(memberOf),
  }));

  registerConsoleCall(app, consoleStaffCalls.add, async (input, { actor }) => ({
    staff: await addStaff(db, actor, input, config.PASSWORD_SCRYPT_COST, clock()),
  }));

  registerConsoleCall(app, consoleStaffCalls.change, async ({ staffId, ...change }, { actor }) => ({
    staff: await changeStaff(db, actor, staffId, change, clock()),
  }));
}
