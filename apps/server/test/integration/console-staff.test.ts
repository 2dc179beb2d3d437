import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { consoleCallsOf } from '../../src/modules/staff/console-calls.js';
import { currentCode } from '../../src/modules/staff/second-factor.js';
import {
  ConsoleBrowser,
  TEST_STAFF_PASSWORD,
  newMember,
  newStaff,
  signedInStaff,
  useTestApp,
} from '../support/index.js';

const ctx = useTestApp();

describe('staff sign-in (issue 22)', () => {
  it('signs a content editor in with e-mail and password alone', async () => {
    const { browser, email } = await signedInStaff(ctx, ['content_editor']);
    const res = await browser.get('/console/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().data.staff).toMatchObject({ email, roles: ['content_editor'] });
    expect(browser.cookies.has('csid')).toBe(true);
  });

  it('sets the console cookie HttpOnly, SameSite=Strict, under /console only', async () => {
    const { email } = await newStaff(ctx, ['marketing']);
    const browser = new ConsoleBrowser(ctx.app);
    const res = await browser.post('/console/api/session', {
      email,
      password: TEST_STAFF_PASSWORD,
    });
    const cookie = (
      res.cookies as {
        name: string;
        httpOnly?: boolean;
        sameSite?: string;
        path?: string;
        secure?: boolean;
      }[]
    ).find((c) => c.name === 'csid');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/console',
      secure: true,
    });
  });

  it('answers an unknown e-mail, a wrong password and a disabled member alike', async () => {
    const { email, staffId } = await newStaff(ctx, ['finance']);
    const browser = new ConsoleBrowser(ctx.app);
    const unknown = await browser.post('/console/api/session', {
      email: 'nobody@console.test',
      password: TEST_STAFF_PASSWORD,
    });
    const wrong = await browser.post('/console/api/session', {
      email,
      password: 'wrong-password-1',
    });
    await ctx.database.db
      .updateTable('staff_member')
      .set({ disabled: 1 })
      .where('staff_id', '=', staffId)
      .execute();
    const disabled = await browser.post('/console/api/session', {
      email,
      password: TEST_STAFF_PASSWORD,
    });
    for (const res of [unknown, wrong, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toEqual({
        code: 'STAFF_SIGN_IN_FAILED',
        message: '電子郵件或密碼不正確。',
      });
    }
  });

  it('makes an admin enrol an authenticator at first sign-in, then asks for its code', async () => {
    const { email } = await newStaff(ctx, ['admin']);
    const browser = new ConsoleBrowser(ctx.app);
    const first = await browser.post('/console/api/session', {
      email,
      password: TEST_STAFF_PASSWORD,
    });
    expect(first.json().data.step).toBe('enrol');
    const { secret, uri } = first.json().data.enrolment as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    // The pending session opens nothing.
    expect((await browser.get('/console/api/staff')).statusCode).toBe(401);
    expect((await browser.get('/console/api/session')).statusCode).toBe(401);
    const bad = await browser.post('/console/api/session/second-factor', { code: '000000' });
    expect(bad.json().status.code).toBe('STAFF_CODE_INVALID');
    const code = currentCode(secret, email, ctx.now.value);
    const good = await browser.post('/console/api/session/second-factor', { code });
    expect(good.statusCode).toBe(200);
    expect((await browser.get('/console/api/staff')).statusCode).toBe(200);

    // Next sign-in: the code step, and the code already used is refused (no replay).
    const again = new ConsoleBrowser(ctx.app);
    const second = await again.post('/console/api/session', {
      email,
      password: TEST_STAFF_PASSWORD,
    });
    expect(second.json().data).toEqual({ step: 'code' });
    const replay = await again.post('/console/api/session/second-factor', { code });
    expect(replay.json().status.code).toBe('STAFF_CODE_INVALID');
    ctx.now.value += 30;
    const next = await again.post('/console/api/session/second-factor', {
      code: currentCode(secret, email, ctx.now.value),
    });
    expect(next.statusCode).toBe(200);
  });

  it('ends a console session after 30 minutes idle', async () => {
    const { browser } = await signedInStaff(ctx, ['auditor']);
    ctx.now.value += 29 * 60;
    expect((await browser.get('/console/api/session')).statusCode).toBe(200);
    ctx.now.value += 31 * 60;
    const res = await browser.get('/console/api/session');
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('signs out', async () => {
    const { browser } = await signedInStaff(ctx, ['auditor']);
    expect((await browser.post('/console/api/session/end')).statusCode).toBe(200);
    expect((await browser.get('/console/api/session')).statusCode).toBe(401);
  });
});

describe('staff are not customers', () => {
  it("a member's session opens nothing in the console, a staff session nothing on the site", async () => {
    const member = await newMember(ctx.app);
    const sid = member.browser.cookies.get('sid')!;
    const asConsole = await ctx.app.inject({
      url: '/console/api/session',
      headers: { cookie: `sid=${sid}; csid=${sid}` },
    });
    expect(asConsole.statusCode).toBe(401);

    const { browser } = await signedInStaff(ctx, ['customer_care']);
    const csid = browser.cookies.get('csid')!;
    const asSite = await ctx.app.inject({
      url: '/ajax/ajaxGetLoginInfo.do',
      headers: { cookie: `csid=${csid}; sid=${csid}` },
    });
    expect(asSite.json().data.isLogin).toBe('N');
  });
});

// Each call refused to the roles it does not name: console-access.test.ts walks them all.
describe('rights: the CSRF check on console changes', () => {
  it('refuses a console change without the CSRF header', async () => {
    const { browser } = await signedInStaff(ctx, ['admin']);
    const res = await browser.call('POST', '/console/api/staff', {}, { 'x-csrf-token': 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('CSRF_REJECTED');
    const site = await browser.call(
      'POST',
      '/console/api/staff',
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(site.json().status.code).toBe('CSRF_REJECTED');
  });
});

describe('staff management and the audit trail', () => {
  it('adds a member, changes roles on the version seen, refuses a stale edit, audits each change', async () => {
    const { browser, staffId: adminId } = await signedInStaff(ctx, ['admin']);
    const added = await browser.post('/console/api/staff', {
      email: 'New.Editor@console.test',
      displayName: '新編輯',
      roles: ['content_editor'],
      password: 'a-long-password-1',
    });
    expect(added.statusCode).toBe(200);
    const member = added.json().data.staff;
    expect(member).toMatchObject({ email: 'new.editor@console.test', version: 0 });

    const changed = await browser.call('PATCH', `/console/api/staff/${member.staffId}`, {
      version: 0,
      roles: ['content_editor', 'marketing'],
    });
    expect(changed.json().data.staff).toMatchObject({
      roles: ['content_editor', 'marketing'],
      version: 1,
    });
    const stale = await browser.call('PATCH', `/console/api/staff/${member.staffId}`, {
      version: 0,
      displayName: '舊版本的修改',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    expect(stale.json().data.fields).toEqual(
      expect.arrayContaining([
        { name: 'roles', problem: '["content_editor","marketing"]' },
        { name: 'displayName', problem: '"新編輯"' },
        { name: 'version', problem: '1' },
      ]),
    );

    const trail = await browser.get(`/console/api/audit?entity=staff&entityId=${member.staffId}`);
    const entries = trail.json().data.entries;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      staffId: adminId,
      roles: ['admin'],
      call: 'PATCH /console/api/staff/:staffId',
      before: { roles: ['content_editor'] },
      after: { roles: ['content_editor', 'marketing'] },
    });
    expect(entries[1]).toMatchObject({ call: 'POST /console/api/staff', before: null });
    expect(JSON.stringify(entries)).not.toContain('scrypt');
  });

  it('ends the sessions of a member whose roles change', async () => {
    const admin = await signedInStaff(ctx, ['admin']);
    const editor = await signedInStaff(ctx, ['content_editor']);
    expect((await editor.browser.get('/console/api/session')).statusCode).toBe(200);
    await admin.browser.call('PATCH', `/console/api/staff/${editor.staffId}`, {
      version: 0,
      disabled: true,
    });
    expect((await editor.browser.get('/console/api/session')).statusCode).toBe(401);
  });

  it('keeps the trail append-only in the database itself', async () => {
    const { browser } = await signedInStaff(ctx, ['admin']);
    await browser.post('/console/api/staff', {
      email: 'append-only@console.test',
      displayName: '測試',
      roles: ['auditor'],
      password: 'a-long-password-1',
    });
    const db = ctx.database.db;
    await expect(sql`UPDATE audit_entry SET entity = 'x'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_entry`.execute(db)).rejects.toThrow(/append-only/);
    const count = await db
      .selectFrom('audit_entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
  });

  it('exports the trail as CSV with formula-safe cells', async () => {
    const { browser } = await signedInStaff(ctx, ['admin']);
    await browser.post('/console/api/staff', {
      email: 'formula@console.test',
      displayName: '=HYPERLINK("http://evil.test","x")',
      roles: ['auditor'],
      password: 'a-long-password-1',
    });
    const auditor = await signedInStaff(ctx, ['auditor']);
    const res = await auditor.browser.get('/console/api/audit.csv?entity=staff');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF"編號"')).toBe(true);
    const row = res.body.split('\r\n').find((line) => line.includes('formula@console.test'))!;
    expect(row).toContain('"POST /console/api/staff"');
    // The display name sits inside the JSON cell, which starts with `{`; a bare cell starting with = is quoted.
    expect(row).not.toMatch(/,"=/);
  });
});

describe('the console API document (issue 22: console calls are not in the customers’ /docs)', () => {
  it('lists every console call with its staff roles, for signed-in staff only', async () => {
    const { browser } = await signedInStaff(ctx, ['auditor']);
    const res = await browser.get('/console/api/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const document = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-staff-roles': unknown; summary: string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = consoleCallsOf(ctx.app).map(
      (c) => `${c.method} ${c.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(listed.sort()).toEqual([...new Set(registered)].sort());
    expect(document.paths['/console/api/titles']?.get?.['x-staff-roles']).toEqual(
      consoleCallsOf(ctx.app).find((c) => c.method === 'GET' && c.path === '/console/api/titles')
        ?.access.staff,
    );
    // The customers' document still lists none of them.
    const customers = (await ctx.app.inject('/docs/openapi.json')).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(customers.paths).some((p) => p.startsWith('/console/'))).toBe(false);
  });

  it('is refused to visitors and to customers’ sessions', async () => {
    expect((await ctx.app.inject('/console/api/openapi.json')).statusCode).toBe(401);
    const member = await newMember(ctx.app);
    const res = await member.browser.get('/console/api/openapi.json');
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('STAFF_NOT_SIGNED_IN');
  });
});
