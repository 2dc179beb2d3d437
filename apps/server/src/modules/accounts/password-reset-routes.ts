import type { FastifyInstance } from 'fastify';
import { PASSWORD_RESET_MINUTES, passwordResetCalls } from '@site/contract';
import { registerCall } from './calls.js';
import { requestPasswordReset, resetPassword, type PasswordResetDeps } from './password-reset.js';

/** 忘記密碼 and the reset link's new password (issue 23). */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: PasswordResetDeps & { clock: () => number },
): void {
  registerCall(app, passwordResetCalls.requestPasswordReset, async ({ loginId }, { request }) => {
    await requestPasswordReset(deps, { loginId, ip: request.ip }, deps.clock());
    return { minutes: PASSWORD_RESET_MINUTES };
  });

  registerCall(app, passwordResetCalls.resetPassword, async (input) => {
    await resetPassword(deps, input, deps.clock());
    return {};
  });
}
