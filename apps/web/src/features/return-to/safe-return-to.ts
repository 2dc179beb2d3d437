import { pageRoutes, returnToSchema } from '@site/contract';

/**
 * Where to go after logging in: `returnTo` when it is a path on this site (returnToSchema: no
 * scheme, no host, no `//`), otherwise home. Never back to the login or sign-up page itself.
 */
export function safeReturnTo(value: string | null | undefined): string {
  const parsed = returnToSchema.safeParse(value);
  if (!parsed.success) return pageRoutes.home;
  const pathname = parsed.data.split(/[?#]/, 1)[0];
  if (pathname === pageRoutes.login || pathname === pageRoutes.signUp) return pageRoutes.home;
  return parsed.data;
}
