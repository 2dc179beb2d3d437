import { pageRoutes, returnToSchema } from '@site/contract';

/** Pages a login never goes back to: itself, sign-up, and the password reset (its link is spent). */
const notAfterLogin: readonly string[] = [
  pageRoutes.login,
  pageRoutes.signUp,
  pageRoutes.forgotPassword,
  pageRoutes.resetPassword,
  pageRoutes.confirmSignUp,
];

/**
 * Where to go after logging in: `returnTo` when it is a path on this site (returnToSchema: no
 * scheme, no host, no `//`), otherwise home. Never back to the login or sign-up page itself, nor
 * to the password-reset pages.
 */
export function safeReturnTo(value: string | null | undefined): string {
  const parsed = returnToSchema.safeParse(value);
  if (!parsed.success) return pageRoutes.home;
  const pathname = parsed.data.split(/[?#]/, 1)[0];
  if (pathname === undefined || notAfterLogin.includes(pathname)) return pageRoutes.home;
  return parsed.data;
}
