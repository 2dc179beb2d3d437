import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { ConsoleCallDescription, StaffAccess } from '@site/contract/console';
import { ok } from '../../http/envelope.js';
import type { Actor } from '../audit/trail.js';
import { requireStaff, type Staff } from './access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make a console call, from its description (the OpenAPI document reads it). */
    staffAccess?: StaffAccess;
  }
}

type StaffOf<A> = A extends { staff: 'signingIn' } ? Staff | null : Staff;

export interface ConsoleCallContext<A extends StaffAccess> {
  staff: StaffOf<A>;
  /** Who to name in the audit trail for a change this call makes. */
  actor: StaffOf<A> extends Staff ? Actor : Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Keyed by the HTTP server, which every encapsulated scope of an app shares. */
const registered = new WeakMap<object, ConsoleCallDescription[]>();

/** Every console call registered on this app (tests check each one's right). */
export function consoleCallsOf(app: FastifyInstance): readonly ConsoleCallDescription[] {
  return registered.get(app.server) ?? [];
}

/** A handler answers its reply's data, or SENT when it wrote the reply itself (a CSV file). */
export const SENT = Symbol('sent');

type DataOf<Reply extends z.ZodType> = z.infer<Reply> extends { data: infer D } ? D : never;

/**
 * Registers a console call from its description (issue 22): method and path, the validation of
 * params and input, the staff right of `access` (requireStaff, the one place), no caching
 * (console replies are staff's alone), and the audit actor for handlers that change something.
 * Params and input reach the handler merged: `{ ...params, ...input }`.
 */
export function registerConsoleCall<
  Input extends z.ZodType,
  Reply extends z.ZodType,
  Params extends z.ZodType,
  A extends StaffAccess,
>(
  app: FastifyInstance,
  call: ConsoleCallDescription<Input, Reply, Params, A>,
  handler: (
    input: z.infer<NoInfer<Params>> & z.infer<NoInfer<Input>>,
    context: ConsoleCallContext<A>,
  ) => Promise<DataOf<NoInfer<Reply>> | typeof SENT>,
  /** A larger body than the site's 64 KB (an XMLTV file), for the calls that need one. */
  options: { bodyLimit?: number } = {},
): void {
  const list = registered.get(app.server) ?? [];
  registered.set(app.server, [...list, call as unknown as ConsoleCallDescription]);
  const inQuery = call.method === 'GET' || call.method === 'DELETE';
  const access: StaffAccess = call.access;
  const callName = `${call.method} ${call.path}`;
  app.route({
    method: call.method,
    url: call.path,
    config: { staffAccess: call.access },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // The console's calls are staff's: the customers' API document (/docs) does not list them.
    schema: {
      hide: true,
      tags: [...call.tags],
      summary: call.summary,
      ...(call.params ? { params: call.params } : {}),
      ...(call.input ? (inQuery ? { querystring: call.input } : { body: call.input }) : {}),
      response: { 200: call.reply },
    } as FastifySchema,
    // The right is decided before the input is read: an outsider learns nothing of a call's
    // input from its validation errors.
    preValidation: async (request: FastifyRequest) => {
      if (access.staff !== 'signingIn') requireStaff(request.staff, access.staff);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store');
      const staff = request.staff;
      const actor: Actor | null = staff && {
        staffId: staff.staffId,
        email: staff.email,
        roles: staff.roles,
        call: callName,
      };
      const input = {
        ...(request.params as object),
        ...((inQuery ? request.query : request.body) as object),
      } as z.infer<Params> & z.infer<Input>;
      const answer = await handler(input, {
        staff: staff as StaffOf<A>,
        actor: actor as ConsoleCallContext<A>['actor'],
        request,
        reply,
      });
      if (answer === SENT) return reply;
      return ok(answer);
    },
  });
}
