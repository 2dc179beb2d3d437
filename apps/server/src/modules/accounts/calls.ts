import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Access, CallDescription, ReplyData } from '@site/contract';
import { ok, sendJson, sendSerialized, type SerializedEnvelope } from '../../http/envelope.js';
import { requireAdult, requireMember } from './access.js';
import type { Viewer } from './viewer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call, from its description (routes registered by registerCall). */
    access?: Access;
  }
}

/** Who the handler is called for: a viewer where the call needs a member, else maybe nobody. */
type CallerOf<A> = A extends { who: 'anyone' } ? Viewer | null : Viewer;

export interface CallContext<A> {
  viewer: CallerOf<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler answers: the reply's data (sent in the envelope), or the envelope already
 * written as JSON (a list page built from cached pieces).
 */
type Answer<Reply extends z.ZodType> = ReplyData<Reply> | SerializedEnvelope<ReplyData<Reply>>;

/** What a few calls need beyond their description. */
export interface CallOptions {
  /**
   * Answers bad input itself (search: a too-long keyword gets its own words as the status
   * message): the route keeps the validation error (`attachValidation`) and this is called with
   * the request before anything else; it throws the refusal when `request.validationError` is
   * set. Without it bad input is refused as every call refuses it.
   */
  refuseBadInput?: (request: FastifyRequest) => void;
  /**
   * The serialized envelopes the handler answers come from a read cache that hands the same
   * string out again and again: they are sent with sendSerialized, which keeps their compressed
   * bytes beside them, instead of sendJson (made for this request alone).
   */
  readCached?: boolean;
}

/**
 * Registers a call of the site face from its description (issue 21): the route's method and path,
 * input validation and the reply's schema (so the OpenAPI document says the same), the right
 * check of `access` (accounts/access.ts), a visitor's answer where the call has one, and the
 * cache header. The handler gets the validated input and the viewer, and answers data.
 */
export function registerCall<
  Input extends z.ZodType,
  Reply extends z.ZodType,
  A extends Access<ReplyData<Reply>>,
>(
  app: FastifyInstance,
  call: CallDescription<Input, Reply, A>,
  handler: (
    input: z.infer<NoInfer<Input>>,
    context: CallContext<NoInfer<A>>,
  ) => Promise<Answer<NoInfer<Reply>>>,
  options: CallOptions = {},
): void {
  const input =
    call.input && (call.method === 'GET' ? { querystring: call.input } : { body: call.input });
  app.route({
    method: call.method,
    url: call.path,
    // The OpenAPI document reads who may call from here (http/openapi-document.ts).
    config: { access: call.access },
    // The schemas are zod's (app.ts sets the zod validator); the handler's types come from them.
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...input,
      response: { 200: call.reply },
    } as FastifySchema,
    ...(options.refuseBadInput ? { attachValidation: true } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      options.refuseBadInput?.(request);
      if (call.cache === 'private') reply.header('cache-control', 'private, no-store');
      else if (call.cache)
        reply.header('cache-control', `public, max-age=${call.cache.publicMaxAge}`);
      const access: Access = call.access;
      let viewer: Viewer | null = request.viewer;
      if (access.who === 'member') {
        if (!viewer && access.visitor !== undefined) return ok(access.visitor);
        viewer = requireMember(viewer);
      } else if (access.who === 'adult') {
        viewer = requireAdult(viewer, access.kidRefusal);
      }
      const parsed = (call.method === 'GET' ? request.query : request.body) as z.infer<Input>;
      const answer = await handler(parsed, { viewer: viewer as CallerOf<A>, request, reply });
      if (typeof answer === 'string')
        return options.readCached ? sendSerialized(reply, answer) : sendJson(reply, answer);
      return ok(answer);
    },
  });
}
