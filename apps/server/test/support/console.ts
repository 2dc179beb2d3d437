import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@site/contract/console';
import type { TestContext } from './app.js';
import { insertStaff } from '../../src/modules/staff/members.js';
import { currentCode } from '../../src/modules/staff/second-factor.js';

/**
 * A staff member's browser on the console, over app.inject: keeps cookies and echoes the
 * console's CSRF cookie on state changes, as the console app does.
 */
export class ConsoleBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get(url: string): Promise<LightMyRequestResponse> {
    return this.send({ method: 'GET', url, headers: {} });
  }

  async call(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('console_csrf')) await this.get('/console/api/session');
    return this.send({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: { 'x-csrf-token': this.cookies.get('console_csrf') ?? '', ...headers },
    });
  }

  post(url: string, body: object = {}): Promise<LightMyRequestResponse> {
    return this.call('POST', url, body);
  }

  private async send(
    options: InjectOptions & { headers: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

let staffCount = 0;
export const TEST_STAFF_PASSWORD = 'staff-password-123';

/** Adds a staff member with these roles straight into the database. */
export async function newStaff(
  ctx: TestContext,
  roles: StaffRole[],
): Promise<{ email: string; staffId: string }> {
  staffCount += 1;
  const email = `staff${staffCount}-${roles.join('-')}@console.test`;
  const row = await insertStaff(
    ctx.database.db,
    { email, displayName: `員工 ${staffCount}`, roles, password: TEST_STAFF_PASSWORD },
    1024,
    ctx.now.value,
  );
  return { email, staffId: row.staff_id };
}

/**
 * A console browser signed in as a new staff member with these roles: the second factor enrolled
 * and given where the roles need it (the authenticator's code made from the enrolment secret).
 */
export async function signedInStaff(
  ctx: TestContext,
  roles: StaffRole[],
): Promise<{ browser: ConsoleBrowser; email: string; staffId: string; secret?: string }> {
  const { email, staffId } = await newStaff(ctx, roles);
  const browser = new ConsoleBrowser(ctx.app);
  const res = await browser.post('/console/api/session', { email, password: TEST_STAFF_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  const data = res.json().data as { step: string; enrolment?: { secret: string } };
  if (data.step === 'done') return { browser, email, staffId };
  const secret = data.enrolment!.secret;
  const done = await browser.post('/console/api/session/second-factor', {
    code: currentCode(secret, email, ctx.now.value),
  });
  if (done.statusCode !== 200) throw new Error(`second factor failed: ${done.body}`);
  return { browser, email, staffId, secret };
}
