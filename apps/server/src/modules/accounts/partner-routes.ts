import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bindLoginDataBodySchema,
  kbroBindLoginDataBodySchema,
  partnerBindingReplySchema,
  siteCalls,
  type Partner,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { maskLoginId } from './login-info.js';
import { bindPartner, type PartnerDirectory } from './partners.js';
import { ThrottledError, admit, clearBucket, forgiveOne, passwordPolicy } from './throttle.js';
import type { AccountRouteDeps } from './routes.js';
import { requireAdult } from './access.js';

/** ajaxBindLoginData.do and ajaxKbroBindLoginData.do: bind a partner account to this member. */
export function registerPartnerRoutes(
  app: FastifyInstance,
  deps: AccountRouteDeps & { partners: PartnerDirectory },
): void {
  const { db, config, clock, partners } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const bind = async (
    accountId: string,
    partner: Partner,
    body: { partnerAccountId: string; verificationCode: string; reserveType?: '1' | '2' },
  ) => {
    const now = clock();
    // Six-digit codes are guessable: wrong ones wait like wrong passwords, counted per guessing
    // account and per partner account being bound, so fresh sign-ups do not add up to more
    // guesses at one code (ADR 0017). The ids' formats are strict, so one account, one bucket.
    const policy = passwordPolicy(config);
    const guesser = `partner-code:${accountId}`;
    const target = `partner-target:${partner}:${body.partnerAccountId}`;
    const admission = await admit(db, guesser, policy, now);
    if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '驗證碼錯誤');
    const targeted = await admit(db, target, policy, now);
    if (!targeted.admitted) {
      // Refused before the code was looked at: not a guess of this account's either.
      await forgiveOne(db, guesser, policy, now);
      throw new ThrottledError(targeted.waitSeconds, '驗證碼錯誤');
    }
    if (!(await partners.verify(partner, body.partnerAccountId, body.verificationCode))) {
      throw new AppError('FORBIDDEN', undefined, '帳號或驗證碼不正確。');
    }
    await clearBucket(db, guesser);
    await clearBucket(db, target);
    await bindPartner(db, {
      accountId,
      partner,
      partnerAccountId: body.partnerAccountId,
      reserveType: body.reserveType ?? '1',
      now,
    });
    return ok({
      binding: {
        partner,
        partnerAccountIdMasked: maskLoginId(body.partnerAccountId),
        boundAt: now,
      },
    });
  };

  api.post(
    siteCalls.bindLoginData,
    {
      schema: {
        tags: ['accounts'],
        summary: "Bind the operator's mobile line to this member",
        body: bindLoginDataBodySchema,
        response: { 200: partnerBindingReplySchema },
      },
    },
    async (request) => {
      const viewer = requireAdult(request.viewer, 'binding');
      return bind(viewer.accountId, 'telecom', request.body);
    },
  );

  api.post(
    siteCalls.kbroBindLoginData,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Bind a kbro cable account (reserveType decides a binding held elsewhere)',
        body: kbroBindLoginDataBodySchema,
        response: { 200: partnerBindingReplySchema },
      },
    },
    async (request) => {
      const viewer = requireAdult(request.viewer, 'binding');
      return bind(viewer.accountId, 'kbro', request.body);
    },
  );
}
