import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../apps/server/src/db/index.js';
import { StreamSigner } from '../apps/server/src/modules/media/stream-urls.js';
import { insertStaff } from '../apps/server/src/modules/staff/members.js';
import { signInStaff } from '../bench/lib/staff.js';
import { startCluster, type Cluster } from '../scripts/cluster/cluster.js';
import { DEFAULT_DATABASE_URL, missingTools } from '../scripts/cluster/tools.js';
import { Browser, pool, rawGet } from './cluster-support.js';

const databaseUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
/** The activity log's limit per client address per minute (telemetry/routes.ts). */
const SAS_LIMIT = 300;
const FREE_TITLE = 'M0001';

/**
 * The deployment of docs/DEPLOYMENT.md as one: nginx in front of three instances, one PostgreSQL
 * (a schema of its own) and Redis, all real processes on loopback (`npm run cluster` starts the
 * same). Everything is asked through the edge unless a test needs one instance in particular.
 * Tests marked "with Redis" need the instances to share limits and cache invalidation through
 * REDIS_URL (issue 27 item 1); without that they fail, as they should.
 */
describe('the cluster: edge, three instances, PostgreSQL, Redis', () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  const log: string[] = [];

  beforeAll(async () => {
    const missing = await missingTools(databaseUrl);
    if (missing.length > 0)
      throw new Error(`The cluster test needs:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
    cluster = await startCluster({
      databaseUrl,
      exposeUpstream: true,
      failTimeoutSeconds: 5,
      log: (line) => log.push(line),
      env: {
        PASSWORD_SCRYPT_COST: '1024',
        MAX_DEVICES: '100',
        MAX_STREAMS: '100',
        RATE_LIMIT_LOGIN_PER_IP: '1000',
        RATE_LIMIT_DRAW_PER_ACCOUNT: '100000',
        RATE_LIMIT_DRAW_PER_IP: '100000',
        LOG_LEVEL: 'info',
      },
    });
    database = connect(databaseUrl, { schema: cluster.schema, poolSize: 2 });
  });

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  });

  const visitor = () => new Browser(cluster.edge);
  async function signIn(base = cluster.edge): Promise<Browser> {
    const browser = visitor();
    await browser.call(base, '/ajax/ajaxGetLoginInfo.do');
    const res = await browser.call(base, '/ajax/ajaxLogin.do', {
      loginId: 'demo@example.com',
      password: 'demo1234',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return browser;
  }
  const isLogin = async (browser: Browser, base: string) => {
    const res = await browser.call(base, '/ajax/ajaxGetIsLogin.do');
    return (res.json?.data as { isLogin?: string } | undefined)?.isLogin === 'Y';
  };

  it('spreads pages and calls over every instance', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1)
      seen.add((await visitor().call(cluster.edge, '/ajax/ajaxGetIsLogin.do')).upstream ?? '');
    expect([...seen].sort()).toEqual(cluster.instances.map((i) => `127.0.0.1:${i.port}`).sort());
  });

  it('refuses a tampered, expired or differently spelled signature at the edge; the origin never sees it', async () => {
    const right = await visitor().call(
      cluster.edge,
      `/ajax/ajaxFindVideoPlayRight.do?contentId=${FREE_TITLE}`,
    );
    const url = (right.json!.data as { videoUrl: string }).videoUrl;
    const [, , clip, expires, signature] = url.split('/');
    const signer = new StreamSigner(cluster.secret, 3600, () => Math.floor(Date.now() / 1000));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expiredPrefix = signer.prefix(clip!, past);
    const tampered = `${signature!.slice(0, 31)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const cases = [
      [`/stream/${clip}/${expires}/${tampered}/v1/seg_003.m4s`, 403, tampered],
      [`${expiredPrefix}v1/seg_003.m4s`, 403, expiredPrefix.split('/')[4]!],
      [`/stream/${clip}/0${expires}/${signature}/v1/seg_003.m4s`, 400, `/0${expires}/`],
      [`/stream/${clip}/${expires}/${signature}/v1/./seg_003.m4s`, 400, '/v1/./seg'],
    ] as const;
    for (const [target, status, marker] of cases) {
      expect((await rawGet(cluster.edge, target)).status, target).toBe(status);
      expect(cluster.originLines(marker), `the origin saw ${target}`).toEqual([]);
    }
    // The genuine URL reaches the origin (once: then the edge has it).
    const genuine = `/stream/${clip}/${expires}/${signature}/v1/seg_003.m4s`;
    expect((await rawGet(cluster.edge, genuine)).status).toBe(200);
    expect((await rawGet(cluster.edge, genuine)).cache).toBe('HIT');
  });

  it('serves ≥ 95% of segment bytes from the edge cache while 100 viewers play', async () => {
    const viewers = Array.from({ length: 100 }, (_, i) => i);
    const bytes = { hit: 0, other: 0 };
    await pool(viewers, 20, async (viewer) => {
      // Each viewer asks for its own play right, as the player does (its own expiry).
      const right = await visitor().call(
        cluster.edge,
        `/ajax/ajaxFindVideoPlayRight.do?contentId=${FREE_TITLE}`,
      );
      expect(right.status).toBe(200);
      const master = (right.json!.data as { videoUrl: string }).videoUrl;
      const prefix = master.replace(/master\.m3u8$/, '');
      const masterText = (await rawGet(cluster.edge, master)).body.toString();
      const variants = masterText.split('\n').filter((l) => l.endsWith('.m3u8'));
      // Viewers pick renditions by bandwidth: spread them over the ladder.
      const variant = variants[viewer % variants.length]!;
      const dir = variant.slice(0, variant.lastIndexOf('/') + 1);
      const media = (await rawGet(cluster.edge, prefix + variant)).body.toString();
      const files = [
        ...[...media.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!),
        ...media.split('\n').filter((l) => l && !l.startsWith('#')),
      ].slice(0, 6);
      for (const file of files) {
        const reply = await rawGet(cluster.edge, prefix + dir + file);
        expect(reply.status).toBe(200);
        if (reply.cache === 'HIT') bytes.hit += reply.body.length;
        else bytes.other += reply.body.length;
      }
    });
    const share = bytes.hit / (bytes.hit + bytes.other);
    log.push(`segment bytes from the edge cache: ${(share * 100).toFixed(1)}%`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps a session made on one instance on the others, and logout on one ends it on all', async () => {
    const [a, b, c] = cluster.instances.map((i) => i.origin);
    const browser = await signIn(a!);
    for (const base of [a!, b!, c!, cluster.edge]) expect(await isLogin(browser, base)).toBe(true);
    const out = await browser.call(b!, '/ajax/ajaxLogout.do', {});
    expect(out.status).toBe(200);
    // The browser would drop its cookies; a copied cookie must not work anywhere either.
    const copied = new Browser(cluster.edge);
    copied.cookies.set('sid', browser.cookies.get('sid') ?? 'gone');
    for (const base of [a!, b!, c!, cluster.edge]) expect(await isLogin(copied, base)).toBe(false);
  });

  it('with Redis: holds one rate limit across instances (the same budget whichever answers, ±1%)', async () => {
    // One fixed window: start just after a minute turns, so the burst stays inside one.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 30) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const browser = visitor();
    const sent = SAS_LIMIT + 60;
    const answers = await pool(
      Array.from({ length: sent }, (_, i) => i),
      12,
      async (i) =>
        (
          await browser.call(cluster.edge, '/sas/InsertSASLog', {
            userAgent: 'cluster-test',
            userPlatform: 'Web',
            functionCode: 'cluster.limit',
            appendix: String(i),
          })
        ).status,
    );
    const accepted = answers.filter((s) => s === 200).length;
    log.push(`rate limit: ${accepted} of ${sent} accepted against a budget of ${SAS_LIMIT}`);
    expect(answers.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(Math.abs(accepted - SAS_LIMIT)).toBeLessThanOrEqual(SAS_LIMIT * 0.01);
  });

  it('with Redis: shows a catalogue change through every instance within 1 s', async () => {
    const staff = { email: 'cluster-editor@console.test', password: 'cluster-password-123' };
    await insertStaff(
      database.db,
      { ...staff, displayName: '叢集測試編輯', roles: ['content_editor'] },
      1024,
      Math.floor(Date.now() / 1000),
    );
    const list = '/ajax/ajaxFilterCategoryVideoListData.do';
    // Every instance has the list in its cache before the change; the title renamed is the
    // list's first, so the page each instance holds is the one that must change.
    let first = '';
    for (const instance of cluster.instances) {
      const page = (await (await fetch(instance.origin + list)).json()) as {
        data: { videoList: { video: { contentId: string }[] } };
      };
      first = page.data.videoList.video[0]!.contentId;
    }
    const headers = await signInStaff(cluster.edge, staff);
    const title = (await (
      await fetch(`${cluster.edge}/console/api/titles/${first}`, { headers })
    ).json()) as { data: { title: { version: number } } };
    const name = `叢集改名 ${Date.now()}`;
    const changed = await fetch(`${cluster.edge}/console/api/titles/${first}`, {
      method: 'PATCH',
      headers: { ...headers, origin: cluster.edge },
      body: JSON.stringify({ version: title.data.title.version, name }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    for (const instance of cluster.instances) {
      const text = await (await fetch(instance.origin + list)).text();
      expect(text.includes(name), `instance ${instance.index + 1} still shows the old name`).toBe(
        true,
      );
    }
  });

  it('loses no acknowledged write and logs nobody out when an instance is killed under load', async () => {
    const now = Math.floor(Date.now() / 1000);
    const activities = Array.from({ length: 400 }, (_, i) => `CL-${now}-${i}`);
    await database.db
      .insertInto('draw_activity')
      .values(
        activities.map((id) => ({
          activity_id: id,
          channel_id: 'ch01',
          start_at: now - 60,
          end_at: now + 3600,
          odds_per_mille: 500,
          created_at: now,
        })),
      )
      .execute();
    await database.db
      .insertInto('draw_prize')
      .values(
        activities.map((id) => ({
          prize_id: `${id}-1`,
          activity_id: id,
          name: '叢集獎',
          quantity: 1,
          remaining: 1,
          sort_order: 0,
        })),
      )
      .execute();
    const serials = Array.from({ length: 200 }, (_, i) => `CLUSTERSV${String(i).padStart(4, '0')}`);
    await database.db
      .insertInto('voucher')
      .values(
        serials.map((serial) => ({
          serial,
          kind: 'stored_value' as const,
          content_id: null,
          service_id: null,
          amount: 10,
          credit_days: null,
          valid_until: now + 86_400,
          redeemed_by: null,
          redeemed_at: null,
        })),
      )
      .execute();
    const members = await pool([0, 1, 2, 3, 4, 5], 3, () => signIn());
    const beats = new Map<string, number>();
    const draws: string[] = [];
    const redeemed: string[] = [];
    let stop = false;
    const victim = cluster.instances[1]!;
    const work = async (browser: Browser, who: number) => {
      let n = 0;
      while (!stop) {
        n += 1;
        const kind = n % 3;
        if (kind === 0) {
          const seq = Date.now() * 10 + who;
          const res = await browser.call(cluster.edge, '/ajax/ajaxSaveWatchPosition.do', {
            contentId: FREE_TITLE,
            positionSeconds: n,
            durationSeconds: 7200,
            seq,
          });
          if (res.status === 200) beats.set(`${who}`, Math.max(beats.get(`${who}`) ?? 0, seq));
        } else if (kind === 1) {
          const activity = activities.shift();
          if (!activity) continue;
          const res = await browser.call(
            cluster.edge,
            `/ajax/ajaxDrawActivity.do?activityId=${activity}`,
          );
          if (res.status === 200) draws.push(activity);
        } else {
          const serial = serials.shift();
          if (!serial) continue;
          const res = await browser.call(cluster.edge, '/ajax/ajaxRedeemVoucherData.do', {
            exchangeCode: serial,
          });
          if (res.status === 200) redeemed.push(serial);
        }
      }
    };
    const running = members.map((m, i) => work(m, i));
    await new Promise((r) => setTimeout(r, 1500));
    const killedAt = cluster.edgeLines().length;
    victim.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(running);
    log.push(
      `under load: ${beats.size} beating, ${draws.length} draws, ${redeemed.length} redemptions acknowledged`,
    );

    expect(draws.length).toBeGreaterThan(0);
    expect(redeemed.length).toBeGreaterThan(0);
    const drawn = await database.db
      .selectFrom('draw')
      .select('activity_id')
      .where('activity_id', 'in', draws)
      .execute();
    expect(drawn.map((d) => d.activity_id).sort()).toEqual([...draws].sort());
    const vouchers = await database.db
      .selectFrom('voucher')
      .select(['serial', 'redeemed_by'])
      .where('serial', 'in', redeemed)
      .execute();
    expect(vouchers.filter((v) => v.redeemed_by !== null).length).toBe(redeemed.length);
    const newest = await sql<{ seq: number }>`select max(client_seq) as seq from watch_position`
      .execute(database.db)
      .then((r) => Number(r.rows[0]?.seq ?? 0));
    expect(newest).toBeGreaterThanOrEqual(Math.max(...beats.values()));
    // Nobody was logged out.
    for (const member of members) expect(await isLogin(member, cluster.edge)).toBe(true);
    // After its first refused connection the edge skips the dead instance for fail_timeout
    // (5 s, longer than the load ran after the kill): besides the requests it was answering
    // when it died (one per member at most), each nginx worker (2) tries it once.
    const after = cluster.edgeLines().slice(killedAt);
    const tried = after.filter((line) => line.includes(`127.0.0.1:${victim.port}`));
    log.push(
      `after the kill: ${after.length} requests, ${tried.length} tried the dead instance:\n${tried.join('\n')}`,
    );
    expect(tried.length).toBeLessThanOrEqual(members.length + 2);
    expect(after.filter((line) => / 502 /.test(line)).length).toBeLessThanOrEqual(members.length);
    await cluster.restart(victim);
  });

  afterAll(() => {
    console.log(log.join('\n'));
  });
});
