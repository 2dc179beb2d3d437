import * as consoleContract from '@site/contract/console';
import { STAFF_ROLES, type ConsoleCallDescription, type StaffRole } from '@site/contract/console';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { consoleCallsOf } from '../../src/modules/staff/console-calls.js';
import { ConsoleBrowser, newMember, signedInStaff, useTestApp } from '../support/index.js';
import { testDialect } from '../support/database.js';

/**
 * Every console call refused to whoever its `access` does not name (issue 22, issue 25 "every
 * console call refused for a role that may not use it"): each staff role it leaves out, nobody
 * signed in, and a customer's session. The calls are found by walking the console contract's
 * exports, so a call a later change describes is walked too without being listed here.
 */

type Described = ConsoleCallDescription & { exportedAs: string };

function isDescription(value: unknown): value is ConsoleCallDescription {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Partial<ConsoleCallDescription>;
  return (
    typeof call.method === 'string' &&
    typeof call.path === 'string' &&
    call.path.startsWith('/console/api/') &&
    typeof call.access === 'object'
  );
}

/** Every description the console contract exports, alone or in an object of calls. */
function describedCalls(): Described[] {
  const found = new Map<string, Described>();
  for (const [name, value] of Object.entries(consoleContract)) {
    const candidates: [string, unknown][] = isDescription(value)
      ? [[name, value]]
      : typeof value === 'object' && value !== null
        ? Object.entries(value).map(([key, inner]) => [`${name}.${key}`, inner])
        : [];
    for (const [exportedAs, candidate] of candidates) {
      if (!isDescription(candidate)) continue;
      found.set(`${candidate.method} ${candidate.path}`, { ...candidate, exportedAs });
    }
  }
  return [...found.values()];
}

const CJK = /[\u4e00-\u9fff]/;
const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('console access: every described call refused to whoever it does not name', () => {
  const ctx = useTestApp();
  const calls = describedCalls();

  /** Every row of every table, to show a refused call changed nothing. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const db = ctx.database.db;
    // This database's own tables, read directly: Kysely's introspection reads every schema's,
    // which fails when another file's schema is dropped meanwhile.
    const listed =
      testDialect === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%'`
        : sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = ${ctx.database.schema} and table_type = 'BASE TABLE'`;
    const tables = (await listed.execute(db)).rows.filter(
      (table) => !table.name.startsWith('kysely_'),
    );
    expect(tables.length).toBeGreaterThan(40);
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const result = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table.name)}`.execute(db);
      rows[table.name] = result.rows
        .map((row) =>
          JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
        )
        .sort();
    }
    return rows;
  }

  const send = (browser: ConsoleBrowser, call: ConsoleCallDescription) => {
    // A made-up id for every `:param`: the right is decided before the params are read.
    const url = call.path.replace(/:(\w+)/g, 'st_foreign-id');
    return call.method === 'GET' ? browser.get(url) : browser.call(call.method, url, {});
  };

  const expectRefused = (
    res: LightMyRequestResponse,
    status: number,
    code: string,
    who: string,
    call: ConsoleCallDescription,
  ) => {
    const label = `${who} → ${key(call)}`;
    expect(res.statusCode, label).toBe(status);
    const body = res.json() as { status: { code: string; message: string } };
    expect(body.status.code, label).toBe(code);
    expect(body.status.message, label).toMatch(CJK);
    expect(res.headers['cache-control'] ?? '', label).not.toMatch(/public/);
  };

  it('finds the calls in the contract, and the server registers exactly those', () => {
    expect(calls.length).toBeGreaterThanOrEqual(30);
    expect(calls.map((c) => c.exportedAs)).toContain('consoleWordingCalls.change');
    const registered = consoleCallsOf(ctx.app).map(key).sort();
    expect(registered).toEqual(calls.map(key).sort());
  });

  it('refuses each call to every staff role it does not name, to nobody and to a customer, changing nothing', async () => {
    const browsers = new Map<StaffRole, ConsoleBrowser>();
    for (const role of STAFF_ROLES) browsers.set(role, (await signedInStaff(ctx, [role])).browser);
    const nobody = new ConsoleBrowser(ctx.app);
    const member = await newMember(ctx.app);
    const sid = member.browser.cookies.get('sid')!;
    const customer = new ConsoleBrowser(ctx.app);
    // The member's own cookie, and the same token where the console looks for its own.
    customer.cookies.set('sid', sid);
    customer.cookies.set('csid', sid);

    const before = await snapshot();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.staff_member?.length).toBe(STAFF_ROLES.length);
    let refusals = 0;
    for (const call of calls) {
      const access = call.access.staff;
      if (access === 'signingIn') continue;
      if (access !== 'anyStaff') {
        const outsiders = STAFF_ROLES.filter((role) => role !== 'admin' && !access.includes(role));
        for (const role of outsiders) {
          expectRefused(await send(browsers.get(role)!, call), 403, 'STAFF_FORBIDDEN', role, call);
          refusals += 1;
        }
      }
      expectRefused(await send(nobody, call), 401, 'STAFF_NOT_SIGNED_IN', 'nobody', call);
      expectRefused(await send(customer, call), 401, 'STAFF_NOT_SIGNED_IN', 'a customer', call);
      refusals += 2;
    }
    expect(refusals).toBeGreaterThan(100);
    const after = await snapshot();
    for (const table of Object.keys(before)) {
      expect(after[table], `table ${table}`).toEqual(before[table]);
    }
  });
});
