import type { z } from 'zod';
import type { StaffRole } from './roles.js';

/**
 * Who may make a console call: staff signed in (with their second factor where their roles need
 * one) holding one of `roles`; an admin may make every call. `'anyStaff'` is for the calls about
 * one's own session. The sign-in calls themselves are `'signingIn'`: no staff session yet.
 */
export type StaffAccess =
  | { readonly staff: readonly StaffRole[] }
  | { readonly staff: 'anyStaff' }
  | { readonly staff: 'signingIn' };

/**
 * One call of the operator console, described once (the console's own kind of description: staff
 * and customers never share a right check, docs/adr/0036). The server registers its route from
 * this (modules/staff/console-calls.ts: validation, the staff right, no caching, the audit's call
 * name) and the console app names it to call it.
 */
export interface ConsoleCallDescription<
  Input extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Who extends StaffAccess = StaffAccess,
> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /console/api/; `:name` segments are `params`. */
  readonly path: `/console/api/${string}`;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: Params;
  /** The query string of a GET (or DELETE), the JSON body otherwise. */
  readonly input?: Input;
  /** The whole envelope on success. */
  readonly reply: Reply;
  readonly access: Who;
}

export function describeConsoleCall<
  Input extends z.ZodType,
  Reply extends z.ZodType,
  Params extends z.ZodType,
  const Who extends StaffAccess,
>(
  call: ConsoleCallDescription<Input, Reply, Params, Who>,
): ConsoleCallDescription<Input, Reply, Params, Who> {
  return call;
}
