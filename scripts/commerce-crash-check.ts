/**
 * Crash check of voucher redemption and stored-value payment (issue 11 "Integrity", docs/adr/0020,
 * 0021): starts the real server on a fresh SQLite file, fires a burst of redemptions and of rentals
 * paid from the wallet from many members (some serials raced by two members), SIGKILLs the server
 * in the middle of the burst, restarts it on the same file, and checks that
 *   - every redemption that got a success reply is in the database, for the member it told;
 *   - nothing is half done: a redeemed serial has exactly one grant (rental, service period or
 *     wallet credit) for the same account, and every voucher grant has its redeemed serial;
 *   - every order the server answered as paid is paid in the database; a paid order has exactly
 *     one rental and one debit of its price, and no debit or rental exists without its paid order;
 *   - every wallet balance equals the sum of its ledger rows and none is negative;
 *   - the restarted server answers each member's wallet with those balances.
 * Prints its figures and exits 1 when anything is off.
 *
 *   npx tsx scripts/commerce-crash-check.ts [--vouchers 240] [--members 12] [--kill-after 0.4]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connect } from '../apps/server/src/db/index.js';
import type { VoucherKind } from '../apps/server/src/db/schema-commerce.js';
import { credit } from '../apps/server/src/modules/commerce/wallet.js';
import { SignUpLinks } from '../bench/lib/outbox.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');

interface Server {
  origin: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startServer(databaseUrl: string, mailOutboxDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: mailOutboxDir,
      LOG_LEVEL: 'info',
      PASSWORD_SCRYPT_COST: '1024',
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
      // Each member comes from an address of its own (X-Forwarded-For from this machine).
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 300; i += 1) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) return { origin: match[1]!, child, exited };
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** A member's browser: its cookies (session, CSRF) and its own client address. */
class Member {
  accountId = '';
  private readonly cookies = new Map<string, string>();
  constructor(
    public origin: string,
    readonly ip: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      accept: 'application/json',
      'x-forwarded-for': this.ip,
      ...(cookie ? { cookie } : {}),
      ...extra,
    };
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }

  async get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(this.origin + url, { headers: this.headers() });
    this.keep(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async post(
    url: string,
    body: object,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    if (!this.cookies.has('csrf')) await this.get('/ajax/ajaxGetLoginInfo.do');
    const response = await fetch(this.origin + url, {
      method: 'POST',
      headers: this.headers({
        'content-type': 'application/json',
        'x-csrf-token': this.cookies.get('csrf') ?? '',
      }),
      body: JSON.stringify(body),
    });
    this.keep(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

interface Attempt {
  /** A voucher serial, or `rent:{contentId}` for a rental paid from the wallet. */
  serial: string;
  member: Member;
  /** HTTP status, or 'none' when the server died before it answered. */
  outcome: number | 'none';
  code?: string;
  /** A payment's order id and state, as the reply told them. */
  orderId?: string;
  state?: string;
}

/** Stored value each member starts with, so that wallet payments run beside redemptions. */
const FUNDS = 1_000;

const KINDS: VoucherKind[] = ['stored_value', 'viewing_credit', 'title', 'service'];

export async function crashCheck(options: {
  vouchers: number;
  members: number;
  killAfter: number;
  log?: (line: string) => void;
}): Promise<{ ok: boolean; figures: Record<string, number>; problems: string[] }> {
  const log = options.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-crash-'));
  const databaseUrl = `sqlite:${path.join(dir, 'site.db')}`;
  const outbox = path.join(dir, 'outbox');
  let server = await startServer(databaseUrl, outbox);
  const database = connect(databaseUrl);
  const { db } = database;
  const problems: string[] = [];
  try {
    // The pool: every kind, fixed amounts so balances can be checked; a fifth raced by two members.
    const now = Math.floor(Date.now() / 1000);
    const run = crypto.randomBytes(3).toString('hex').toUpperCase();
    const vouchers = Array.from({ length: options.vouchers }, (_, i) => {
      const kind = KINDS[i % KINDS.length]!;
      return {
        serial: `CRASH${run}${String(i).padStart(6, '0')}`,
        kind,
        content_id: kind === 'title' ? 'M0003' : null,
        service_id: kind === 'service' ? 'SVC-MONTHLY' : null,
        amount: kind === 'stored_value' || kind === 'viewing_credit' ? 10 + (i % 7) * 5 : null,
        credit_days: kind === 'viewing_credit' ? 30 : null,
        valid_until: now + 86_400,
        redeemed_by: null,
        redeemed_at: null,
      };
    });
    for (let i = 0; i < vouchers.length; i += 100) {
      await db
        .insertInto('voucher')
        .values(vouchers.slice(i, i + 100))
        .execute();
    }

    // Sign-up in its two steps (docs/adr/0044): ask, then the link of the mail in the outbox.
    const links = new SignUpLinks(outbox);
    const members: Member[] = [];
    for (let i = 0; i < options.members; i += 1) {
      const member = new Member(server.origin, `203.0.113.${i + 1}`);
      const loginId = `crash-${run.toLowerCase()}-${i}@example.com`;
      const asked = await member.post('/ajax/ajaxSignUp.do', { loginId, password: 'crash1234' });
      if (asked.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(asked.body)}`);
      const token = links.tokenFor(loginId);
      if (!token) throw new Error(`no sign-up link mailed to ${loginId}`);
      const res = await member.post('/ajax/ajaxConfirmSignUp.do', { token });
      if (res.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(res.body)}`);
      member.accountId = (res.body.data as { accountID: string }).accountID;
      members.push(member);
    }
    await db.transaction().execute(async (trx) => {
      for (const member of members) {
        await credit(trx, {
          accountId: member.accountId,
          purse: 'stored',
          amount: FUNDS,
          reason: 'voucher',
          source: `fund:${run}:${member.accountId}`,
          now,
        });
      }
    });
    // Rentals to pay from the wallet: titles sold for rent, standalone (not episodes).
    const rentals = (
      await db
        .selectFrom('title')
        .select('content_id')
        .where('sell_type', '=', 'RENT')
        .where('series_id', 'is', null)
        .where('dtr_price', '>', 0)
        .orderBy('content_id')
        .execute()
    ).map((r) => `rent:${r.content_id}`);

    // Each member works through its own share; every fifth serial is also tried by the next member.
    const queues = members.map(() => [] as string[]);
    vouchers.forEach((v, i) => {
      queues[i % members.length]!.push(v.serial);
      if (i % 5 === 0) queues[(i + 1) % members.length]!.unshift(v.serial);
    });
    // Every member rents each title once, spread through its queue.
    queues.forEach((queue) => {
      rentals.forEach((rental, i) => {
        const at = Math.floor(((i + 1) * queue.length) / (rentals.length + 1));
        queue.splice(at + i, 0, rental);
      });
    });
    const attempts: Attempt[] = [];
    const total = queues.reduce((n, q) => n + q.length, 0);
    const killAt = Math.floor(total * options.killAfter);
    let answered = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server.child.kill('SIGKILL');
    };
    const worker = async (member: Member, queue: string[]) => {
      while (!killed && queue.length > 0) {
        const serial = queue.shift()!;
        const attempt: Attempt = { serial, member, outcome: 'none' };
        attempts.push(attempt);
        try {
          const res = serial.startsWith('rent:')
            ? await member.post('/ajax/ajaxBuildPaymentURLData.do', {
                kind: 'rent',
                contentId: serial.slice('rent:'.length),
                payMethod: 'wallet',
              })
            : await member.post('/ajax/ajaxRedeemVoucherData.do', { exchangeCode: serial });
          attempt.outcome = res.status;
          attempt.code = (res.body.status as { code: string }).code;
          const order = res.body.data as { orderId?: string; state?: string } | null;
          if (order?.orderId) {
            attempt.orderId = order.orderId;
            attempt.state = order.state;
          }
          answered += 1;
          if (answered >= killAt) kill();
        } catch {
          // The server is gone: this one has no reply.
        }
      }
    };
    // Two requests in flight per member.
    await Promise.all(
      members.flatMap((member, i) => {
        const queue = queues[i]!;
        const half = queue.splice(0, Math.ceil(queue.length / 2));
        return [worker(member, half), worker(member, queue)];
      }),
    );
    kill();
    const exitCode = await server.exited;
    log(`server killed (exit ${exitCode ?? 'by signal'}) after ${answered} replies`);

    server = await startServer(databaseUrl, outbox);
    for (const member of members) member.origin = server.origin;
    log(`server restarted at ${server.origin}`);

    // 1. Every success reply is in the database, for the member it told.
    const rows = await db
      .selectFrom('voucher')
      .select(['serial', 'kind', 'amount', 'redeemed_by'])
      .where('serial', 'like', `CRASH${run}%`)
      .execute();
    const bySerial = new Map(rows.map((r) => [r.serial, r]));
    const payments = attempts.filter((a) => a.serial.startsWith('rent:'));
    const successes = attempts.filter((a) => a.outcome === 200 && !a.serial.startsWith('rent:'));
    for (const a of successes) {
      const row = bySerial.get(a.serial);
      if (row?.redeemed_by !== a.member.accountId) {
        problems.push(`success reply for ${a.serial} not in the database for its member`);
      }
    }
    const successSerials = new Set(successes.map((a) => a.serial));
    if (successSerials.size !== successes.length) problems.push('a serial succeeded twice');

    // 2. Nothing half done: a redeemed serial has exactly one grant for its account, and back.
    const grants = new Map<string, string[]>();
    const add = (source: string, accountId: string) =>
      grants.set(source, [...(grants.get(source) ?? []), accountId]);
    for (const r of await db
      .selectFrom('entitlement')
      .select(['source', 'account_id'])
      .where('source', 'like', `voucher:CRASH${run}%`)
      .execute()) {
      add(r.source!, r.account_id);
    }
    for (const r of await db
      .selectFrom('subscription_period')
      .select(['source', 'account_id'])
      .where('source', 'like', `voucher:CRASH${run}%`)
      .execute()) {
      add(r.source, r.account_id);
    }
    for (const r of await db
      .selectFrom('wallet_entry')
      .select(['source', 'account_id'])
      .where('source', 'like', `voucher:CRASH${run}%`)
      .where('reason', '=', 'voucher')
      .execute()) {
      add(r.source, r.account_id);
    }
    let redeemed = 0;
    for (const row of rows) {
      const given = grants.get(`voucher:${row.serial}`) ?? [];
      if (row.redeemed_by === null) {
        if (given.length > 0) problems.push(`${row.serial}: a grant without its redemption`);
        continue;
      }
      redeemed += 1;
      if (given.length !== 1 || given[0] !== row.redeemed_by) {
        problems.push(`${row.serial}: redeemed with ${given.length} grants for its account`);
      }
    }
    for (const source of grants.keys()) {
      if (!bySerial.has(source.slice('voucher:'.length)))
        problems.push(`${source}: unknown serial`);
    }

    // 2b. Payments: a paid reply is a paid order; a paid order has one rental and one debit of its
    // price for its account; no debit or rental without its paid order.
    const orders = await db
      .selectFrom('purchase_order')
      .select(['order_id', 'account_id', 'state', 'amount', 'content_id'])
      .where(
        'account_id',
        'in',
        members.map((m) => m.accountId),
      )
      .execute();
    const orderById = new Map(orders.map((o) => [o.order_id, o]));
    const paidReplies = payments.filter((a) => a.outcome === 200 && a.state === 'paid');
    for (const a of paidReplies) {
      const order = orderById.get(a.orderId!);
      if (order?.state !== 'paid' || order.account_id !== a.member.accountId) {
        problems.push(
          `order ${a.orderId} answered paid, in the database ${order?.state ?? 'absent'}`,
        );
      }
    }
    const orderRentals = await db
      .selectFrom('entitlement')
      .select(['source', 'account_id'])
      .where('source', 'like', 'order:%')
      .execute();
    const debits = await db
      .selectFrom('wallet_entry')
      .select(['source', 'account_id', 'amount'])
      .where('source', 'like', 'order:%')
      .execute();
    const countBy = (rows: { source: string | null }[]) => {
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.source!, (counts.get(r.source!) ?? 0) + 1);
      return counts;
    };
    const rentalCount = countBy(orderRentals);
    const debitCount = countBy(debits);
    let paidOrders = 0;
    for (const order of orders) {
      const source = `order:${order.order_id}`;
      const paid = order.state === 'paid';
      if (paid) paidOrders += 1;
      const want = paid ? 1 : 0;
      if ((rentalCount.get(source) ?? 0) !== want || (debitCount.get(source) ?? 0) !== want) {
        problems.push(
          `${source} (${order.state}): ${rentalCount.get(source) ?? 0} rentals, ` +
            `${debitCount.get(source) ?? 0} debits`,
        );
      }
    }
    for (const d of debits) {
      const order = orderById.get(d.source!.slice('order:'.length));
      if (!order || order.state !== 'paid' || Number(d.amount) !== -Number(order.amount)) {
        problems.push(`${d.source}: a debit of ${d.amount} without its paid order`);
      }
    }
    for (const r of orderRentals) {
      if (orderById.get(r.source!.slice('order:'.length))?.state !== 'paid') {
        problems.push(`${r.source}: a rental without its paid order`);
      }
    }

    // 3. The ledger: every balance equals its rows, never negative.
    const ledger = await db
      .selectFrom('wallet as w')
      .select([
        'w.account_id',
        'w.purse',
        'w.balance',
        sql<number>`(select coalesce(sum(e.amount), 0) from wallet_entry e where e.account_id = w.account_id and e.purse = w.purse)`.as(
          'total',
        ),
      ])
      .execute();
    for (const w of ledger) {
      if (Number(w.balance) !== Number(w.total) || Number(w.balance) < 0) {
        problems.push(`wallet ${w.account_id}/${w.purse}: balance ${w.balance}, rows ${w.total}`);
      }
    }

    // 4. The restarted server tells each member the balance its funds, redeemed serials and
    // paid orders add up to.
    for (const member of members) {
      const expected = { stored: FUNDS, credit: 0 };
      for (const order of orders) {
        if (order.account_id === member.accountId && order.state === 'paid') {
          expected.stored -= Number(order.amount);
        }
      }
      for (const row of rows) {
        if (row.redeemed_by !== member.accountId) continue;
        if (row.kind === 'stored_value') expected.stored += Number(row.amount);
        if (row.kind === 'viewing_credit') expected.credit += Number(row.amount);
      }
      const res = await member.get('/ajax/ajaxFindWalletData.do');
      const wallet = (res.body.data as { wallet: { stored: number; credit: number } }).wallet;
      if (wallet.stored !== expected.stored || wallet.credit !== expected.credit) {
        problems.push(
          `member ${member.accountId}: wallet ${JSON.stringify(wallet)}, serials ${JSON.stringify(expected)}`,
        );
      }
    }

    const noReply = attempts.filter((a) => a.outcome === 'none');
    const noReplyCommitted = noReply.filter(
      (a) => bySerial.get(a.serial)?.redeemed_by === a.member.accountId,
    ).length;
    const redemptions = attempts.filter((a) => !a.serial.startsWith('rent:'));
    const refused = redemptions.filter((a) => a.outcome !== 'none' && a.outcome !== 200);
    const figures = {
      vouchers: vouchers.length,
      members: members.length,
      requestsPlanned: total,
      requestsSent: attempts.length,
      successReplies: successes.length,
      paymentsSent: payments.length,
      paidReplies: paidReplies.length,
      paidOrdersInDatabase: paidOrders,
      refusedReplies: refused.length,
      throttledReplies: refused.filter((a) => a.outcome === 429).length,
      noReplyKilled: noReply.length,
      noReplyButCommitted: noReplyCommitted,
      redeemedInDatabase: redeemed,
      grantsInDatabase: [...grants.values()].reduce((n, g) => n + g.length, 0),
      wallets: ledger.length,
      problems: problems.length,
    };
    return {
      ok: problems.length === 0 && successes.length > 0 && paidReplies.length > 0,
      figures,
      problems,
    };
  } finally {
    await database.close();
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      vouchers: { type: 'string', default: '240' },
      members: { type: 'string', default: '12' },
      'kill-after': { type: 'string', default: '0.4' },
    },
  });
  const result = await crashCheck({
    vouchers: Number(values.vouchers),
    members: Number(values.members),
    killAfter: Number(values['kill-after']),
    log: (line) => console.log(line),
  });
  for (const [name, value] of Object.entries(result.figures)) {
    console.log(`${name.padEnd(22)} ${value}`);
  }
  for (const problem of result.problems.slice(0, 20)) console.log(`PROBLEM ${problem}`);
  console.log(JSON.stringify({ ok: result.ok, ...result.figures }));
  console.log(result.ok ? 'crash check: OK' : 'crash check: FAILED');
  process.exit(result.ok ? 0 : 1);
}
