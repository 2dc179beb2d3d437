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
import { ThrottledError, admit, clearBucket, passwordPolicy } from './throttle.js';
import type { AccountRouteDeps } from './routes.js';
import { requireMember } from './viewer.js';

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
    // Six-digit codes are guessable: wrong ones wait like wrong passwords (ADR 0017).
    const bucket = `partner-code:${accountId}`;
    const admission = await admit(db, bucket, passwordPolicy(config), now);
    if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '驗證碼錯誤');
    if (!(await partners.verify(partner, body.partnerAccountId, body.verificationCode))) {
      throw new AppError('FORBIDDEN', undefined, '帳號或驗證碼不正確。');
    }
    await clearBucket(db, bucket);
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
      const viewer = requireMember(request.viewer);
      if (viewer.kidMode) throw new AppError('FORBIDDEN', undefined, '兒童模式下不能綁定帳號。');
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
      const viewer = requireMember(request.viewer);
      if (viewer.kidMode) throw new AppError('FORBIDDEN', undefined, '兒童模式下不能綁定帳號。');
      return bind(viewer.accountId, 'kbro', request.body);
    },
  );
}
