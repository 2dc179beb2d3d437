import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyReplySchema,
  envelopeOf,
  gatewayCalls,
  loginBodySchema,
  loginInfoSchema,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { deviceContext } from '../device/device-type.js';
import { loginInfo } from './login-info.js';
import { authenticate, badCredentials } from './members.js';
import { clearRateLimit, hitRateLimit } from './rate-limit.js';
import type { AccountRouteDeps } from './routes.js';
import { createSession, endSession } from './sessions.js';
import { listSubAccounts } from './sub-accounts.js';
import { resolveViewer, viewerOf } from './viewer.js';
import { tokenHash } from './tokens.js';

const ssoSessionSchema = z.string().min(20).max(100);
const ssoQuerySchema = z.object({ ssoSession: ssoSessionSchema });
const gatewayLoginReplySchema = envelopeOf(loginInfoSchema.extend({ ssoSession: z.string() }));

/**
 * The apps' login: `thissession`, the single sign-on session, reaches them as an ssoSession token
 * of its own (kind 'sso'), distinct from any cookie and never written into a page.
 */
export function registerGatewayAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, config, clock, policy } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gateway'];

  api.post(
    gatewayCalls.login,
    {
      schema: {
        tags,
        summary: 'App login: returns the ssoSession token',
        body: loginBodySchema,
        response: { 200: gatewayLoginReplySchema },
      },
    },
    async (request, reply) => {
      const { loginId, password } = request.body;
      const window = config.RATE_LIMIT_WINDOW_SECONDS;
      const now = clock();
      const accountBucket = `login:id:${loginId}`;
      const ipAllowed = await hitRateLimit(
        db,
        `login:ip:${request.ip}`,
        config.RATE_LIMIT_LOGIN_PER_IP,
        window,
        now,
      );
      const idAllowed = await hitRateLimit(
        db,
        accountBucket,
        config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        window,
        now,
      );
      if (!ipAllowed || !idAllowed)
        throw new AppError('TOO_MANY_REQUESTS', undefined, '嘗試次數過多，請稍後再試。');
      const member = await authenticate(db, loginId, password, config.PASSWORD_SCRYPT_COST);
      await clearRateLimit(db, accountBucket);
      const primary = (await listSubAccounts(db, member.accountId)).find((s) => s.is_primary);
      if (!primary) throw badCredentials();
      const deviceType = deviceContext(request.headers['user-agent']).deviceType;
      const session = await createSession(
        db,
        {
          kind: 'sso',
          accountId: member.accountId,
          subAccountUid: primary.sub_account_uid,
          deviceType,
        },
        policy,
        now,
      );
      reply.header('cache-control', 'no-store');
      const viewer = viewerOf(member.accountId, primary, tokenHash(session.token), 'sso');
      return ok({ ...loginInfo(viewer, deviceType, now), ssoSession: session.token });
    },
  );

  api.get(
    gatewayCalls.getLoginInfo,
    {
      schema: {
        tags,
        summary: 'The session context of an ssoSession token',
        querystring: ssoQuerySchema,
        response: { 200: envelopeOf(loginInfoSchema) },
      },
    },
    async (request, reply) => {
      const now = clock();
      const viewer = await resolveViewer(db, request.query.ssoSession, 'sso', policy, now);
      if (!viewer) throw new AppError('NOT_LOGGED_IN');
      reply.header('cache-control', 'no-store');
      return ok(loginInfo(viewer, deviceContext(request.headers['user-agent']).deviceType, now));
    },
  );

  api.post(
    gatewayCalls.logout,
    {
      schema: {
        tags,
        summary: 'End an ssoSession token',
        body: ssoQuerySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      await endSession(db, tokenHash(request.body.ssoSession));
      return ok({});
    },
  );
}
