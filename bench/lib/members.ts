import { check } from './check.js';
import { SignUpLinks } from './outbox.js';
import type { BenchServer } from './types.js';

/** A signed-in member as the browser holds it: the session and CSRF cookies, and the token. */
export interface Member {
  cookie: string;
  csrf: string;
}

/**
 * Signs up `count` members through the site's own sign-up calls, one after another: the first
 * step, then the link of the confirmation mail read from the server's outbox (docs/adr/0044).
 * Start the server with cheap hashes and no sign-up limit (PASSWORD_SCRYPT_COST,
 * RATE_LIMIT_SIGNUP_PER_IP): this is set-up, not what is measured.
 */
export async function signUpMembers(
  server: Pick<BenchServer, 'origin' | 'mailOutboxDir'>,
  count: number,
): Promise<Member[]> {
  const { origin } = server;
  const links = new SignUpLinks(server.mailOutboxDir);
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    // A visitor's CSRF token is one the server minted; sign-up then hands out the session's
    // own (both bound by http/csrf.ts).
    const visit = await fetch(`${origin}/ajax/ajaxGetLoginInfo.do`);
    const visitor = /csrf=([^;]+)/.exec(visit.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const headers = {
      'content-type': 'application/json',
      cookie: `csrf=${visitor}`,
      'x-csrf-token': visitor,
    };
    const loginId = `viewer${i}-${Date.now()}@bench.example`;
    const asked = await fetch(`${origin}/ajax/ajaxSignUp.do`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ loginId, password: 'bench1234' }),
    });
    check(asked.status === 200, `sign-up answered ${asked.status}`);
    const token = links.tokenFor(loginId);
    check(token !== undefined, `no sign-up link mailed to ${loginId}`);
    const res = await fetch(`${origin}/ajax/ajaxConfirmSignUp.do`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token }),
    });
    check(res.status === 200, `sign-up confirmation answered ${res.status}`);
    const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    check(sid !== undefined, 'sign-up set no session cookie');
    const csrf = /csrf=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    check(csrf !== undefined, 'sign-up set no CSRF cookie');
    members.push({ cookie: `sid=${sid}; csrf=${csrf}`, csrf });
  }
  return members;
}
