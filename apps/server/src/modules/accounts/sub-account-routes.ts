import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeSubAccountBodySchema,
  createSubAccountBodySchema,
  deleteSubAccountBodySchema,
  emptyReplySchema,
  loginInfoReplySchema,
  setKidPinBodySchema,
  showSubaccountSelectQuerySchema,
  showSubaccountSelectReplySchema,
  siteCalls,
  subAccountListReplySchema,
  subAccountReplySchema,
  unlockKidPinBodySchema,
  updateSubAccountBodySchema,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { deviceContext } from '../device/device-type.js';
import { requireOwner, requireOwnerPassword } from './guards.js';
import { loginInfo } from './login-info.js';
import { setKidPin } from './members.js';
import type { AccountRouteDeps } from './routes.js';
import { endSessionsOfSubAccount, rotateSessionToken, setSessionSubAccount } from './sessions.js';
import {
  MAX_SUB_ACCOUNTS,
  createSubAccount,
  deleteSubAccount,
  listSubAccounts,
  requireOwnSubAccount,
  toSubAccount,
  updateSubAccount,
} from './sub-accounts.js';
import { viewerOf } from './viewer.js';
import { requireMember, requireAdult } from './access.js';

/** Sub-accounts: list, select, switch, create, update, delete, and the kid-mode PIN. */
export function registerSubAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, config, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sub-accounts'];

  const listData = async (accountId: string, current: string) => ({
    subAccountList: { subAccount: (await listSubAccounts(db, accountId)).map(toSubAccount) },
    currentSubaccountID: current,
    maxSubAccounts: MAX_SUB_ACCOUNTS,
  });

  api.get(
    siteCalls.getSubaccountInfo,
    {
      schema: {
        tags,
        summary: 'Every sub-account of the account and the one in use',
        response: { 200: subAccountListReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireMember(request.viewer);
      reply.header('cache-control', 'private, no-store');
      return ok(await listData(viewer.accountId, viewer.subAccount.sub_account_uid));
    },
  );

  api.get(
    siteCalls.showSubaccountSelect,
    {
      schema: {
        tags,
        summary:
          "Whether the select screen shows (result 'Y' when there is more than one sub-account)",
        querystring: showSubaccountSelectQuerySchema,
        response: { 200: showSubaccountSelectReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireMember(request.viewer);
      reply.header('cache-control', 'private, no-store');
      const data = await listData(viewer.accountId, viewer.subAccount.sub_account_uid);
      const result = data.subAccountList.subAccount.length > 1 ? ('Y' as const) : ('N' as const);
      return ok({ ...data, result });
    },
  );

  api.post(
    siteCalls.changeSubAccount,
    {
      schema: {
        tags,
        summary: 'Switch the session to another sub-account (leaving kid mode needs the owner)',
        body: changeSubAccountBodySchema,
        response: { 200: loginInfoReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireMember(request.viewer);
      const target = await requireOwnSubAccount(db, viewer.accountId, request.body.newSubaccountID);
      if (target.kidmode !== '1') await requireOwner(db, viewer, request.body, config, clock());
      await setSessionSubAccount(db, viewer.sessionHash, target.sub_account_uid);
      // Another profile, another session token (and so another CSRF token): a token read while
      // in one profile (a kid's) does not act in the next (ADR 0006).
      let sessionHash = viewer.sessionHash;
      const rotated = await rotateSessionToken(db, viewer.sessionHash);
      if (rotated) {
        sessionHash = rotated.hash;
        reply.startSession(rotated.token, rotated.expiresAt);
      }
      const next = viewerOf(viewer.accountId, target, sessionHash, viewer.sessionKind);
      return ok(loginInfo(next, deviceContext(request.headers['user-agent']).deviceType, clock()));
    },
  );

  api.post(
    siteCalls.createSubAccount,
    {
      schema: {
        tags,
        summary: 'Add a sub-account (at most five per account)',
        body: createSubAccountBodySchema,
        response: { 200: subAccountReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await requireOwner(db, viewer, request.body, config, clock());
      const { nickname, iconIdx, kidmode } = request.body;
      const row = await createSubAccount(
        db,
        viewer.accountId,
        { nickname, iconIdx, kidmode },
        clock(),
      );
      return ok({ subAccount: toSubAccount(row) });
    },
  );

  api.post(
    siteCalls.updateSubAccount,
    {
      schema: {
        tags,
        summary:
          'Change nickname, icon, kid mode or the restricted-content filter of a sub-account',
        body: updateSubAccountBodySchema,
        response: { 200: subAccountReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      const { newSubaccountID, password, ...changes } = request.body;
      await requireOwner(db, viewer, request.body, config, clock());
      const row = await requireOwnSubAccount(db, viewer.accountId, newSubaccountID);
      const turnsFilterOff = changes.filterRestrict === 'N' && row.filter_restrict !== 'N';
      if (turnsFilterOff && (changes.kidmode ?? row.kidmode) !== '1') {
        if (!password)
          throw new AppError('FORBIDDEN', undefined, '關閉限制級內容過濾需要重新輸入密碼。');
        await requireOwnerPassword(db, viewer.accountId, password, config, clock());
      }
      const updated = await updateSubAccount(db, row, changes);
      return ok({ subAccount: toSubAccount(updated) });
    },
  );

  api.post(
    siteCalls.deleteSubAccount,
    {
      schema: {
        tags,
        summary: 'Delete a sub-account (never the primary one, nor the one in use)',
        body: deleteSubAccountBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await requireOwner(db, viewer, request.body, config, clock());
      const row = await requireOwnSubAccount(db, viewer.accountId, request.body.newSubaccountID);
      if (row.is_primary) throw new AppError('BAD_INPUT', undefined, '主帳號不能刪除。');
      if (row.sub_account_uid === viewer.subAccount.sub_account_uid) {
        throw new AppError('CONFLICT', undefined, '請先切換到其他子帳號，再刪除這個子帳號。');
      }
      await deleteSubAccount(db, row);
      await endSessionsOfSubAccount(db, row.sub_account_uid);
      return ok({});
    },
  );

  api.post(
    siteCalls.setKidPin,
    {
      schema: {
        tags,
        summary: 'Set the PIN that lets a kid sub-account be left or managed',
        body: setKidPinBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireAdult(request.viewer, 'kidPin');
      // The right password also clears the old PIN's failures and lock.
      await requireOwnerPassword(db, viewer.accountId, request.body.password, config, clock());
      await setKidPin(db, viewer.accountId, request.body.pin, config.PASSWORD_SCRYPT_COST);
      return ok({});
    },
  );

  api.post(
    siteCalls.unlockKidPin,
    {
      schema: {
        tags,
        summary:
          "Lift the kid PIN's lock (after too many wrong PINs) with the owner's password; kid sessions may call it",
        body: unlockKidPinBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await requireOwnerPassword(db, viewer.accountId, request.body.password, config, clock());
      return ok({});
    },
  );
}
