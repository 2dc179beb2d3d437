import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { fromOwnSite, sameToken } from '../../http/same-site.js';
import { newToken } from '../accounts/tokens.js';
import type { Staff } from './access.js';
import { findStaff, rolesOf, type StaffRow } from './members.js';
import { lookupStaffSession, type StaffSessionPolicy } from './sessions.js';
import { needsSecondFactor } from '@site/contract/console';

/**
 * The console's own session and CSRF proof (docs/adr/0036). Its cookies live under /console only,
 * so the customers' pages never send them, and the console never reads the customers' `sid`: a
 * member's session opens nothing here and a staff session nothing there.
 */
export const STAFF_COOKIE = 'csid';
export const CONSOLE_CSRF_COOKIE = 'console_csrf';
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
const COOKIE_PATH = '/console';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a console call (second factor given), or null. */
    staff: Staff | null;
    /** A sign-in that still owes its second factor: the member and the session's hash. */
    signingIn: { member: StaffRow; sessionHash: string } | null;
  }
  interface FastifyReply {
    startStaffSession(token: string, expiresAt: number): FastifyReply;
    endStaffSession(): FastifyReply;
  }
}

export interface ConsoleSessionOptions {
  db: Kysely<Database>;
  policy: StaffSessionPolicy;
  clock: () => number;
  secureCookies: boolean;
  secret: string;
  publicOrigin: string;
}

function isConsoleCall(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').startsWith('/console/api/');
}

export const consoleSessionPlugin = fp<ConsoleSessionOptions>(
  async (app: FastifyInstance, options) => {
    const key = crypto
      .createHmac('sha256', options.secret)
      .update('console/csrf-token/v1')
      .digest();
    const mac = (text: string) =>
      crypto.createHmac('sha256', key).update(text).digest().subarray(0, 24).toString('base64url');
    const sessionToken = (token: string) => `s.${mac(`session\n${token}`)}`;
    const visitorToken = () => {
      const nonce = newToken();
      return `v.${nonce}.${mac(`visitor\n${nonce}`)}`;
    };
    const isVisitorToken = (token: string) => {
      const match = /^v\.([\w-]{43})\.([\w-]{32})$/.exec(token);
      return match !== null && sameToken(match[2]!, mac(`visitor\n${match[1]!}`));
    };
    const cookieOptions = (httpOnly: boolean, maxAge?: number) => ({
      httpOnly,
      sameSite: 'strict' as const,
      secure: options.secureCookies,
      path: COOKIE_PATH,
      ...(maxAge !== undefined ? { maxAge } : {}),
    });

    /** The CSRF token this request must carry, or null (no session and no token we minted). */
    function expectedCsrf(request: FastifyRequest): string | null {
      const session = request.cookies[STAFF_COOKIE];
      if (session) return sessionToken(session);
      const cookie = request.cookies[CONSOLE_CSRF_COOKIE];
      return cookie && isVisitorToken(cookie) ? cookie : null;
    }

    app.decorateRequest('staff', null);
    app.decorateRequest('signingIn', null);

    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (!isConsoleCall(request) || request.is404) return;
      if (STATE_CHANGING.has(request.method)) {
        const header = request.headers[CONSOLE_CSRF_HEADER];
        const expected = expectedCsrf(request);
        if (
          !fromOwnSite(request, options.publicOrigin) ||
          expected === null ||
          typeof header !== 'string' ||
          !sameToken(header, expected)
        ) {
          throw new AppError('CSRF_REJECTED');
        }
      }
      const token = request.cookies[STAFF_COOKIE];
      if (!token || token.length > 100) return;
      const session = await lookupStaffSession(options.db, token, options.policy, options.clock());
      if (!session) return;
      const member = await findStaff(options.db, session.staff_id);
      if (!member || member.disabled === 1) return;
      const roles = rolesOf(member);
      if (session.second_factor_done === 1 || !needsSecondFactor(roles)) {
        request.staff = {
          staffId: member.staff_id,
          email: member.email,
          roles,
          sessionHash: session.token_hash,
        };
      } else {
        request.signingIn = { member, sessionHash: session.token_hash };
      }
    });

    // Every console reply leaves the browser holding the CSRF token it must echo.
    app.addHook('onSend', async (request, reply) => {
      if (!request.cookies || !request.url.startsWith('/console')) return;
      if (reply.getHeader('set-cookie')?.toString().includes(`${CONSOLE_CSRF_COOKIE}=`)) return;
      const expected = expectedCsrf(request);
      if (expected !== null && request.cookies[CONSOLE_CSRF_COOKIE] === expected) return;
      reply.setCookie(CONSOLE_CSRF_COOKIE, expected ?? visitorToken(), cookieOptions(false));
    });

    app.decorateReply(
      'startStaffSession',
      function (this: FastifyReply, token: string, expiresAt: number) {
        const maxAge = Math.max(0, expiresAt - options.clock());
        this.setCookie(CONSOLE_CSRF_COOKIE, sessionToken(token), cookieOptions(false, maxAge));
        return this.setCookie(STAFF_COOKIE, token, cookieOptions(true, maxAge));
      },
    );

    app.decorateReply('endStaffSession', function (this: FastifyReply) {
      this.setCookie(CONSOLE_CSRF_COOKIE, visitorToken(), cookieOptions(false));
      return this.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH });
    });
  },
);
