import { check } from './check.js';

const SESSION = '/console/api/session';

/**
 * Signs a staff member in to the console as its page does (the session call's CSRF cookie, then
 * the sign-in); answers the headers a console call then sends (session and CSRF cookies, token).
 */
export async function signInStaff(
  origin: string,
  staff: { email: string; password: string },
): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) cookies.set(name!, value);
    }
  };
  const header = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': cookies.get('console_csrf') ?? '',
    'content-type': 'application/json',
  });
  keep(await fetch(origin + SESSION));
  const res = await fetch(origin + SESSION, {
    method: 'POST',
    headers: header(),
    body: JSON.stringify(staff),
  });
  check(res.ok, `staff sign-in answered ${res.status}: ${await res.text()}`);
  keep(res);
  return header();
}
