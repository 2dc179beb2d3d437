import type { FastifyInstance } from 'fastify';
import { subAccountCalls } from '@site/contract';
import { deviceContext } from '../device/device-type.js';
import { registerCall } from './calls.js';
import { requireOwner, requireOwnerPassword } from './guards.js';
import { loginInfo } from './login-info.js';
import { setKidPin } from './members.js';
import type { AccountRouteDeps } from './routes.js';
import {
  changeSubAccount,
  removeSubAccount,
  subAccountListData,
  switchSubAccount,
} from './sub-account-changes.js';
import { createSubAccount, toSubAccount } from './sub-accounts.js';

/** Sub-accounts (contract sub-accounts.ts `subAccountCalls`), over sub-account-changes.ts. */
export function registerSubAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, config, clock } = deps;

  registerCall(app, subAccountCalls.getSubaccountInfo, async (_, { viewer }) =>
    subAccountListData(db, viewer),
  );

  registerCall(app, subAccountCalls.showSubaccountSelect, async (_, { viewer }) => {
    const data = await subAccountListData(db, viewer);
    const result = data.subAccountList.subAccount.length > 1 ? ('Y' as const) : ('N' as const);
    return { ...data, result };
  });

  registerCall(app, subAccountCalls.changeSubAccount, async (body, { viewer, request, reply }) => {
    const { viewer: next, rotated } = await switchSubAccount(deps, viewer, body);
    if (rotated) reply.startSession(rotated.token, rotated.expiresAt);
    return loginInfo(next, deviceContext(request.headers['user-agent']).deviceType, clock());
  });

  registerCall(app, subAccountCalls.createSubAccount, async (body, { viewer }) => {
    await requireOwner(db, viewer, body, config, clock());
    const { nickname, iconIdx, kidmode } = body;
    const row = await createSubAccount(
      db,
      viewer.accountId,
      { nickname, iconIdx, kidmode },
      clock(),
    );
    return { subAccount: toSubAccount(row) };
  });

  registerCall(app, subAccountCalls.updateSubAccount, async (body, { viewer }) => ({
    subAccount: toSubAccount(await changeSubAccount(deps, viewer, body)),
  }));

  registerCall(app, subAccountCalls.deleteSubAccount, async (body, { viewer }) => {
    await removeSubAccount(deps, viewer, body);
    return {};
  });

  registerCall(app, subAccountCalls.setKidPin, async (body, { viewer }) => {
    // The right password also clears the old PIN's failures and lock.
    await requireOwnerPassword(db, viewer.accountId, body.password, config, clock());
    await setKidPin(db, viewer.accountId, body.pin, config.PASSWORD_SCRYPT_COST);
    return {};
  });

  registerCall(app, subAccountCalls.unlockKidPin, async (body, { viewer }) => {
    await requireOwnerPassword(db, viewer.accountId, body.password, config, clock());
    return {};
  });
}
