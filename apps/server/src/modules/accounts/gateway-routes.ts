import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appDeviceIdSchema,
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
import { checkLogin, openSession } from './login.js';
import type { AccountRouteDeps } from './routes.js';
import { endSession } from './sessions.js';
import { resolveViewer } from './viewer.js';
import { tokenHash } from './tokens.js';

const ssoSessionSchema = z.string().min(20).max(100);
const ssoQuerySchema = z.object({ ssoSession: ssoSessionSchema });
const gatewayLoginReplySchema = envelopeOf(loginInfoSchema.extend({ ssoSession: z.string() }));
/** The app sends its install's own id; an app too old to send one counts as one device per kind. */
const gatewayLoginBodySchema = loginBodySchema.extend({ deviceId: appDeviceIdSchema.optional() });

/**
 * The apps' login: `thissession`, the single sign-on session, reaches them as an ssoSession token
 * of its own (kind 'sso'), distinct from any cookie and never written into a page.
 */
export function registerGatewayAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, clock, policy } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gateway'];

  api.post(
    gatewayCalls.login,
    {
      schema: {
        tags,
        summary:
          'App login: returns the ssoSession token; registers the app install (deviceId), DEVICE_LIMIT past the limit',
        body: gatewayLoginBodySchema,
        response: { 200: gatewayLoginReplySchema },
      },
    },
    async (request, reply) => {
      const login = await checkLogin(deps, { ...request.body, ip: request.ip });
      const deviceType = deviceContext(request.headers['user-agent']).deviceType;
      const deviceId = request.body.deviceId ?? `app-${deviceType}`;
      await deps.devices.admit({
        accountId: login.accountId,
        deviceId,
        face: 'app',
        userAgent: request.headers['user-agent'],
        removeDeviceKey: request.body.removeDeviceKey,
        now: clock(),
      });
      const { token, viewer } = await openSession(deps, {
        kind: 'sso',
        accountId: login.accountId,
        subAccount: login.primary,
        deviceType,
        deviceId,
      });
      reply.header('cache-control', 'no-store');
      return ok({ ...loginInfo(viewer, deviceType, clock()), ssoSession: token });
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
