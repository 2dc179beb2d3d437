import { check } from './check.js';

/** A signed-in member as the browser holds it: the session and CSRF cookies, and the token. */
export interface Member {
  cookie: string;
  csrf: string;
}

/**
 * Signs up `count` members through the site's own sign-up call, one after another. Start the
 * server with cheap hashes and no sign-up limit (PASSWORD_SCRYPT_COST, RATE_LIMIT_SIGNUP_PER_IP):
 * this is set-up, not what is measured.
 */
export async function signUpMembers(origin: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    // A visitor's CSRF token is one the server minted; sign-up then hands out the session's
    // own (both bound by http/csrf.ts).
    const visit = await fetch(`${origin}/ajax/ajaxGetLoginInfo.do`);
    const visitor = /csrf=([^;]+)/.exec(visit.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const res = await fetch(`${origin}/ajax/ajaxSignUp.do`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrf=${visitor}`,
        'x-csrf-token': visitor,
      },
      body: JSON.stringify({
        loginId: `viewer${i}-${Date.now()}@bench.example`,
        password: 'bench1234',
      }),
    });
    check(res.status === 200, `sign-up answered ${res.status}`);
    const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    check(sid !== undefined, 'sign-up set no session cookie');
    const csrf = /csrf=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    check(csrf !== undefined, 'sign-up set no CSRF cookie');
    members.push({ cookie: `sid=${sid}; csrf=${csrf}`, csrf });
  }
  return members;
}
