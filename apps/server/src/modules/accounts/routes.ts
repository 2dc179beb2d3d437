import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  deviceContextReplySchema,
  emptyReplySchema,
  headerAccountInfoReplySchema,
  headerMemberInfoReplySchema,
  isLoginReplySchema,
  loginBodySchema,
  loginInfoReplySchema,
  loginReplySchema,
  ownerProofSchema,
  signUpBodySchema,
  siteCalls,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { deviceContext } from '../device/device-type.js';
import { checkOwnerPassword, requireOwner } from './guards.js';
import { iconOf } from './icons.js';
import { checkLogin, openSession, tooManyAttempts, type LoginDeps } from './login.js';
import { loginInfo, maskLoginId } from './login-info.js';
import { KNOWN_DEVICE_COOKIE, rememberDevice, setKnownDeviceCookie } from './known-devices.js';
import { changePassword, signUp } from './members.js';
import { hitRateLimit } from './rate-limit.js';
import { endAllSessions, endSession } from './sessions.js';
import { listSubAccounts } from './sub-accounts.js';
import { requireMember, requireAdult } from './access.js';

export type AccountRouteDeps = LoginDeps;

/** Sign-up, login, logout and the session context of the site face. */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, config, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const limit = (bucket: string, max: number) =>
    hitRateLimit(db, bucket, max, config.RATE_LIMIT_WINDOW_SECONDS, clock());
  const deviceOf = (request: FastifyRequest) =>
    deviceContext(request.headers['user-agent']).deviceType;
  const secureCookies = config.PUBLIC_URL.startsWith('https:');

  api.post(
    siteCalls.signUp,
    {
      schema: {
        tags,
        summary: 'Create an account (and its primary sub-account) and log in',
        body: signUpBodySchema,
        response: { 200: loginReplySchema },
      },
    },
    async (request, reply) => {
      if (!(await limit(`signup:ip:${request.ip}`, config.RATE_LIMIT_SIGNUP_PER_IP)))
        throw tooManyAttempts();
      const now = clock();
      const { member, primary } = await signUp(db, request.body, config.PASSWORD_SCRYPT_COST, now);
      if (request.viewer) await endSession(db, request.viewer.sessionHash);
      setKnownDeviceCookie(reply, await rememberDevice(db, member.accountId, now), secureCookies);
      const deviceType = deviceOf(request);
      const { token, expiresAt, viewer } = await openSession(deps, {
        kind: 'web',
        accountId: member.accountId,
        subAccount: primary,
        deviceType,
      });
      reply.startSession(token, expiresAt);
      return ok({ ...loginInfo(viewer, deviceType, now), needSubaccountSelect: 'N' as const });
    },
  );

  api.post(
    siteCalls.login,
    {
      schema: {
        tags,
        summary: 'Log in; a new session id every time',
        body: loginBodySchema,
        response: { 200: loginReplySchema },
      },
    },
    async (request, reply) => {
      const login = await checkLogin(deps, {
        ...request.body,
        ip: request.ip,
        knownDeviceToken: request.cookies[KNOWN_DEVICE_COOKIE],
      });
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
      });
      reply.startSession(token, expiresAt);
      return ok({
        ...loginInfo(viewer, deviceType, clock()),
        needSubaccountSelect: login.subAccountCount > 1 ? ('Y' as const) : ('N' as const),
      });
    },
  );

  api.post(
    siteCalls.logout,
    { schema: { tags, summary: 'End this session', response: { 200: emptyReplySchema } } },
    async (request, reply) => {
      if (request.viewer) await endSession(db, request.viewer.sessionHash);
      reply.endSession();
      return ok({});
    },
  );

  api.post(
    siteCalls.logoutAllDevices,
    {
      schema: {
        tags,
        summary: 'End every session and app token of the account (a kid session needs the owner)',
        body: ownerProofSchema.optional(),
        response: { 200: emptyReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireMember(request.viewer);
      await requireOwner(db, viewer, request.body ?? {}, config, clock());
      await endAllSessions(db, viewer.accountId);
      reply.endSession();
      return ok({});
    },
  );

  api.post(
    siteCalls.changePassword,
    {
      schema: {
        tags,
        summary: 'Change the password; every other session and app token ends',
        body: changePasswordBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireAdult(request.viewer, 'password');
      const oldPassword = request.body.oldPassword;
      if (!(await checkOwnerPassword(db, viewer.accountId, oldPassword, config, clock()))) {
        throw new AppError(
          'FORBIDDEN',
          [{ name: 'oldPassword', problem: 'wrong' }],
          '目前的密碼不正確。',
        );
      }
      const now = clock();
      await changePassword(
        db,
        viewer.accountId,
        request.body.newPassword,
        config.PASSWORD_SCRYPT_COST,
        now,
      );
      await endAllSessions(db, viewer.accountId);
      const { token, expiresAt } = await openSession(deps, {
        kind: 'web',
        accountId: viewer.accountId,
        subAccount: viewer.subAccount,
        deviceType: deviceOf(request),
      });
      reply.startSession(token, expiresAt);
      return ok({});
    },
  );

  api.get(
    siteCalls.getIsLogin,
    {
      schema: {
        tags,
        summary: 'Whether this browser is logged in',
        response: { 200: isLoginReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok({ isLogin: request.viewer ? ('Y' as const) : ('N' as const) });
    },
  );

  api.get(
    siteCalls.getLoginInfo,
    {
      schema: {
        tags,
        summary: 'The session context (SPEC §3); also hands out the CSRF cookie',
        response: { 200: loginInfoReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').ensureCsrfCookie();
      return ok(loginInfo(request.viewer, deviceOf(request), clock()));
    },
  );

  api.get(
    siteCalls.checkDeviceType,
    {
      schema: {
        tags,
        summary: 'Device type, AVOD support and platform from the user agent',
        response: { 200: deviceContextReplySchema },
      },
    },
    async (request) => {
      const { deviceType, supportAVOD, userPlatform } = deviceContext(
        request.headers['user-agent'],
      );
      return ok({ deviceType, supportAVOD, userPlatform });
    },
  );

  api.get(
    siteCalls.getHeaderMemberInfo,
    {
      schema: {
        tags,
        summary: 'Nickname and icon of the sub-account in use',
        response: { 200: headerMemberInfoReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer)
        return ok({
          isLogin: 'N' as const,
          nickname: '',
          iconUrl: '',
          iconDesc: '',
          kidMode: '0' as const,
        });
      return ok({
        isLogin: 'Y' as const,
        nickname: viewer.subAccount.nickname,
        ...iconOf(viewer.subAccount.icon_idx),
        kidMode: viewer.kidMode ? ('1' as const) : ('0' as const),
      });
    },
  );

  api.get(
    siteCalls.getHeaderAccountInfo,
    {
      schema: {
        tags,
        summary: 'The account behind the session: masked login id and sub-account count',
        response: { 200: headerAccountInfoReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer) return ok({ isLogin: 'N' as const, loginIdMasked: '', subAccountCount: 0 });
      const account = await db
        .selectFrom('account')
        .select('login_id')
        .where('account_id', '=', viewer.accountId)
        .executeTakeFirstOrThrow();
      const subAccounts = await listSubAccounts(db, viewer.accountId);
      return ok({
        isLogin: 'Y' as const,
        loginIdMasked: maskLoginId(account.login_id),
        subAccountCount: subAccounts.length,
      });
    },
  );
}
