import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPolicy } from './sessions.js';
import { resolveViewer, type Viewer } from './viewer.js';
import { setCsrfCookieFor } from './csrf.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in viewer of the site face (session cookie), or null. */
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /**
     * `false` on a route that never reads `request.viewer` (the signed stream and live media
     * paths): it skips the session lookup, a query per request that a signed-in browser's
     * cookie would otherwise cost every segment (docs/adr/0059).
     */
    viewer?: false;
  }
  interface FastifyReply {
    startSession(token: string, expiresAt: number): FastifyReply;
    endSession(): FastifyReply;
  }
}

export interface SessionOptions {
  db: Kysely<Database>;
  policy: SessionPolicy;
  clock: () => number;
  secureCookies: boolean;
  /** The secret CSRF tokens are derived from: they rotate with the session (http/csrf.ts). */
  csrfSecret: string;
}

/**
 * Reads the session cookie once per request (a lookup only when the cookie is present) and
 * gives replies the calls that set and clear it: HttpOnly, SameSite=Lax, Secure under https.
 */
export const sessionPlugin = fp<SessionOptions>(async (app: FastifyInstance, options) => {
  await app.register(cookie);
  const csrfCookies = { secret: options.csrfSecret, secureCookies: options.secureCookies };
  app.decorateRequest('viewer', null);

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.routeOptions.config.viewer === false) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    request.viewer = await resolveViewer(options.db, token, 'web', options.policy, options.clock());
  });

  app.decorateReply(
    'startSession',
    function (this: FastifyReply, token: string, expiresAt: number) {
      const maxAge = Math.max(0, expiresAt - options.clock());
      // The CSRF token is bound to the session token, so it changes with it (ADR 0006).
      setCsrfCookieFor(this, csrfCookies, token, maxAge);
      return this.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        maxAge,
      });
    },
  );
  app.decorateReply('endSession', function (this: FastifyReply) {
    setCsrfCookieFor(this, csrfCookies, null);
    return this.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    });
  });
});
