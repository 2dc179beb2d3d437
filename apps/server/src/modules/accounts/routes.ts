import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_UP_CONFIRM_MINUTES, accountCalls } from '@site/contract';
import { deviceContext } from '../device/device-type.js';
import { registerCall } from './calls.js';
import { requireOwner, requireOwnerPassword } from './guards.js';
import { checkLogin, openSession, tooManyAttempts, type LoginDeps } from './login.js';
import { headerAccountInfo, headerMemberInfo, loginInfo } from './login-info.js';
import { KNOWN_DEVICE_COOKIE, rememberDevice, setKnownDeviceCookie } from './known-devices.js';
import { changePassword } from './members.js';
import {
  confirmSignUpByCode,
  confirmSignUpByLink,
  requestSignUp,
  type SignUpDeps,
} from './sign-up.js';
import { hitRateLimit } from './rate-limit.js';
import { endAllSessions, endSession } from './sessions.js';
import { deviceIdOf } from '../telemetry/sas-log.js';

export type AccountRouteDeps = LoginDeps & { signUp: SignUpDeps };

/**
 * Sign-up, login, logout and the session context of the site face (contract accounts.ts
 * `accountCalls`). The session and known-device cookies are set here, on the handler's reply.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, config, clock, signUp: signUpDeps } = deps;
  const limit = (bucket: string, max: number) =>
    hitRateLimit(db, bucket, max, config.RATE_LIMIT_WINDOW_SECONDS, clock());
  const deviceOf = (request: FastifyRequest) =>
    deviceContext(request.headers['user-agent']).deviceType;
  const secureCookies = config.PUBLIC_URL.startsWith('https:');
  /** The browser's deviceId cookie (set now if it has none), admitted as the account's device. */
  const admitBrowser = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    removeDeviceKey?: string,
  ) => {
    const deviceId = deviceIdOf(request, reply, secureCookies);
    await deps.devices.admit({
      accountId,
      deviceId,
      face: 'web',
      userAgent: request.headers['user-agent'],
      removeDeviceKey,
      now: clock(),
    });
    return deviceId;
  };

  // Sign-up's first step: the same answer whether or not the id is taken (docs/adr/0044).
  registerCall(app, accountCalls.signUp, async (body, { request }) => {
    if (!(await limit(`signup:ip:${request.ip}`, config.RATE_LIMIT_SIGNUP_PER_IP)))
      throw tooManyAttempts();
    const sentBy = await requestSignUp(signUpDeps, body, clock());
    return { sentBy, minutes: SIGN_UP_CONFIRM_MINUTES };
  });

  // Its second step: the link's token or the SMS code creates the account and logs in.
  registerCall(app, accountCalls.confirmSignUp, async (body, { request, reply }) => {
    if (!(await limit(`signup-confirm:ip:${request.ip}`, config.RATE_LIMIT_SIGNUP_PER_IP)))
      throw tooManyAttempts();
    const now = clock();
    const { member, primary } =
      'token' in body
        ? await confirmSignUpByLink(db, body.token, now)
        : await confirmSignUpByCode(signUpDeps, body, now);
    if (request.viewer) await endSession(db, request.viewer.sessionHash);
    setKnownDeviceCookie(reply, await rememberDevice(db, member.accountId, now), secureCookies);
    const deviceId = await admitBrowser(request, reply, member.accountId);
    const deviceType = deviceOf(request);
    const { token, expiresAt, viewer } = await openSession(deps, {
      kind: 'web',
      accountId: member.accountId,
      subAccount: primary,
      deviceType,
      deviceId,
    });
    reply.startSession(token, expiresAt);
    return { ...loginInfo(viewer, deviceType, now), needSubaccountSelect: 'N' as const };
  });

  registerCall(app, accountCalls.login, async (body, { request, reply }) => {
    const login = await checkLogin(deps, {
      ...body,
      ip: request.ip,
      knownDeviceToken: request.cookies[KNOWN_DEVICE_COOKIE],
    });
    const deviceId = await admitBrowser(request, reply, login.accountId, body.removeDeviceKey);
    if (request.viewer) await endSession(db, request.viewer.sessionHash);
    if (!login.knownDevice) {
      const token = await rememberDevice(db, login.accountId, clock());
      setKnownDeviceCookie(reply, token, secureCookies);
    }
    const deviceType = deviceOf(request);
    const { token, expiresAt, viewer } = await openSession(deps, {
      kind: 'web',
      accountId: login.accountId,
      subAccount: login.primary,
      deviceType,
      deviceId,
    });
    reply.startSession(token, expiresAt);
    return {
      ...loginInfo(viewer, deviceType, clock()),
      needSubaccountSelect: login.subAccountCount > 1 ? ('Y' as const) : ('N' as const),
    };
  });

  registerCall(app, accountCalls.logout, async (_, { viewer, reply }) => {
    if (viewer) await endSession(db, viewer.sessionHash);
    reply.endSession();
    return {};
  });

  registerCall(app, accountCalls.logoutAllDevices, async (body, { viewer, reply }) => {
    await requireOwner(db, viewer, body ?? {}, config, clock());
    await endAllSessions(db, viewer.accountId);
    reply.endSession();
    return {};
  });

  registerCall(app, accountCalls.changePassword, async (body, { viewer, request, reply }) => {
    await requireOwnerPassword(db, viewer.accountId, body.oldPassword, config, clock(), {
      name: 'oldPassword',
      detail: '目前的密碼不正確。',
    });
    await changePassword(
      db,
      viewer.accountId,
      body.newPassword,
      config.PASSWORD_SCRYPT_COST,
      clock(),
    );
    await endAllSessions(db, viewer.accountId);
    const { token, expiresAt } = await openSession(deps, {
      kind: 'web',
      accountId: viewer.accountId,
      subAccount: viewer.subAccount,
      deviceType: deviceOf(request),
      deviceId: viewer.deviceId,
    });
    reply.startSession(token, expiresAt);
    return {};
  });

  registerCall(app, accountCalls.getIsLogin, async (_, { viewer }) => ({
    isLogin: viewer ? ('Y' as const) : ('N' as const),
  }));

  registerCall(app, accountCalls.getLoginInfo, async (_, { viewer, request, reply }) => {
    reply.ensureCsrfCookie();
    return loginInfo(viewer, deviceOf(request), clock());
  });

  registerCall(app, accountCalls.checkDeviceType, async (_, { request }) => {
    const { deviceType, supportAVOD, userPlatform } = deviceContext(request.headers['user-agent']);
    return { deviceType, supportAVOD, userPlatform };
  });

  registerCall(app, accountCalls.getHeaderMemberInfo, async (_, { viewer }) =>
    headerMemberInfo(viewer),
  );

  registerCall(app, accountCalls.getHeaderAccountInfo, async (_, { viewer }) =>
    headerAccountInfo(db, viewer.accountId),
  );
}
