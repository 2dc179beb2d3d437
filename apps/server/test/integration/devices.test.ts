import {
  deviceLimitDataSchema,
  deviceListReplySchema,
  playRightReplySchema,
  streamLimitDataSchema,
  switchChannelReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { TestBrowser, gatewayUrl, newMember, newTitle, useTestApp } from '../support/index.js';
import type { TestContext } from '../support/index.js';

const LOGIN = '/ajax/ajaxLogin.do';
const DEVICES = '/ajax/ajaxFindDeviceList.do';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const deviceList = async (browser: TestBrowser) => {
  const res = await browser.get(DEVICES);
  expect(res.statusCode, res.body).toBe(200);
  return deviceListReplySchema.parse(res.json()).data;
};

/** A new browser (its own deviceId) logged in to the member's account. */
async function loginFrom(
  ctx: TestContext,
  member: { loginId: string; password: string },
  headers: Record<string, string> = {},
  extra: object = {},
) {
  const browser = new TestBrowser(ctx.app, headers);
  const res = await browser.post(LOGIN, {
    loginId: member.loginId,
    password: member.password,
    ...extra,
  });
  return { browser, res };
}

describe('registered devices', () => {
  const ctx = useTestApp({
    env: {
      MAX_DEVICES: '3',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      // Logins at once for one id would otherwise meet the password throttle first.
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
    },
  });

  it('names each browser from its user agent and refuses a fourth with the devices to remove', async () => {
    const member = await newMember(ctx.app, { 'user-agent': CHROME });
    const first = await deviceList(member.browser);
    expect(first).toMatchObject({ maxDevices: 3, maxStreams: 3 });
    expect(first.devices).toEqual([
      expect.objectContaining({ name: 'Chrome（Windows）', current: 'Y', playing: 'N' }),
    ]);
    // The same browser logging in again is the same device.
    expect((await member.browser.post(LOGIN, member)).statusCode).toBe(200);
    const phone = await loginFrom(ctx, member, { 'user-agent': SAFARI_IPHONE });
    expect(phone.res.statusCode).toBe(200);
    expect((await loginFrom(ctx, member)).res.statusCode).toBe(200);
    const fourth = await loginFrom(ctx, member);
    expect(fourth.res.statusCode).toBe(409);
    expect(fourth.res.json().status).toEqual({
      code: 'DEVICE_LIMIT',
      message: '這個帳號登錄的裝置已達上限，請先移除一部不再使用的裝置。',
    });
    const refusal = deviceLimitDataSchema.parse(fourth.res.json().data);
    expect(refusal.maxDevices).toBe(3);
    expect(refusal.devices.map((d) => d.name).sort()).toEqual([
      'Chrome（Windows）',
      'Safari（iOS）',
      '瀏覽器',
    ]);
    // The refused browser got no session; the device ids themselves are never sent.
    expect((await fourth.browser.get('/ajax/ajaxGetIsLogin.do')).json().data.isLogin).toBe('N');
    expect(fourth.res.body).not.toContain(phone.browser.cookies.get('deviceId'));

    // Naming one to remove logs the new browser in and ends the removed one's session.
    const iphone = refusal.devices.find((d) => d.name === 'Safari（iOS）')!;
    const retry = await fourth.browser.post(LOGIN, {
      ...member,
      removeDeviceKey: iphone.deviceKey,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await phone.browser.get('/ajax/ajaxGetIsLogin.do')).json().data.isLogin).toBe('N');
    const after = await deviceList(fourth.browser);
    expect(after.devices).toHaveLength(3);
    expect(after.devices.map((d) => d.deviceKey)).not.toContain(iphone.deviceKey);
    expect(after.devices.filter((d) => d.current === 'Y')).toHaveLength(1);
  });

  it('refuses a removeDeviceKey of another account or of no device, and a wrong password reveals nothing', async () => {
    const member = await newMember(ctx.app);
    await loginFrom(ctx, member);
    await loginFrom(ctx, member);
    const other = await newMember(ctx.app);
    const foreignKey = (await deviceList(other.browser)).devices[0]!.deviceKey;
    const foreign = await loginFrom(ctx, member, {}, { removeDeviceKey: foreignKey });
    expect(foreign.res.statusCode).toBe(404);
    expect((await deviceList(other.browser)).devices).toHaveLength(1);
    expect((await loginFrom(ctx, member, {}, { removeDeviceKey: 'x' })).res.statusCode).toBe(400);
    const wrong = await new TestBrowser(ctx.app).post(LOGIN, {
      loginId: member.loginId,
      password: 'wrong-password1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data.devices).toBeUndefined();
    expect((await deviceList(member.browser)).devices).toHaveLength(3);
  });

  it('admits exactly one of eight new browsers logging in at once for the last place', async () => {
    const member = await newMember(ctx.app);
    await loginFrom(ctx, member);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => loginFrom(ctx, member).then((r) => r.res)),
    );
    const codes = replies.map((r) => (r.statusCode === 200 ? 'ok' : r.json().status.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'DEVICE_LIMIT')).toHaveLength(7);
    expect((await deviceList(member.browser)).devices).toHaveLength(3);
  });

  it('renames and removes devices; removing this one ends this session; kids and strangers are refused', async () => {
    const member = await newMember(ctx.app);
    const laptop = await loginFrom(ctx, member);
    const key = (await deviceList(laptop.browser)).devices.find(
      (d) => d.current === 'Y',
    )!.deviceKey;
    const rename = (browser: TestBrowser, body: object) =>
      browser.post('/ajax/ajaxRenameDevice.do', body);
    expect((await rename(member.browser, { deviceKey: key, name: ' 客廳筆電 ' })).statusCode).toBe(
      200,
    );
    expect((await deviceList(laptop.browser)).devices.find((d) => d.deviceKey === key)?.name).toBe(
      '客廳筆電',
    );
    const tooLong = await rename(member.browser, { deviceKey: key, name: '長'.repeat(31) });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json().data.fields)).toContain('裝置名稱最多 30 個字。');
    const stranger = await newMember(ctx.app);
    expect((await rename(stranger.browser, { deviceKey: key, name: '我的' })).statusCode).toBe(404);
    expect(
      (await stranger.browser.post('/ajax/ajaxRemoveDevice.do', { deviceKey: key })).statusCode,
    ).toBe(404);
    expect((await deviceList(laptop.browser)).devices.find((d) => d.deviceKey === key)?.name).toBe(
      '客廳筆電',
    );

    // A kid sub-account may not manage devices.
    await member.browser.post('/ajax/ajaxSetKidPin.do', {
      password: member.password,
      pin: '2468',
    });
    const kid = await member.browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小寶',
      kidmode: '1',
    });
    const kidUid = kid.json().data.subAccount.subAccountUid as string;
    await laptop.browser.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: kidUid });
    const kidList = await laptop.browser.get(DEVICES);
    expect(kidList.statusCode).toBe(403);
    expect(kidList.json().status.message).toBe(
      '兒童模式下不能管理裝置，請切換為一般使用者後再試。',
    );

    // Removing the device in hand logs it out.
    const removed = await member.browser.post('/ajax/ajaxRemoveDevice.do', {
      deviceKey: (await deviceList(member.browser)).devices.find((d) => d.current === 'Y')!
        .deviceKey,
    });
    expect(removed.statusCode).toBe(200);
    expect((await member.browser.get('/ajax/ajaxGetIsLogin.do')).json().data.isLogin).toBe('N');
  });

  it('a monthly service with a higher limit raises it while paid', async () => {
    const member = await newMember(ctx.app);
    await loginFrom(ctx, member);
    await loginFrom(ctx, member);
    expect((await loginFrom(ctx, member)).res.statusCode).toBe(409);
    const db = ctx.database.db;
    await db
      .insertInto('monthly_service')
      .values({
        service_id: 'SVC-FAMILY',
        name: '家庭方案',
        price: 399,
        period_days: 30,
        max_devices: 5,
        max_streams: 4,
      })
      .onConflict((oc) => oc.column('service_id').doNothing())
      .execute();
    await db
      .insertInto('subscription')
      .values({
        account_id: member.accountId,
        service_id: 'SVC-FAMILY',
        paid_until: ctx.now.value + 86_400,
        updated_at: ctx.now.value,
      })
      .execute();
    expect((await loginFrom(ctx, member)).res.statusCode).toBe(200);
    expect(await deviceList(member.browser)).toMatchObject({ maxDevices: 5, maxStreams: 4 });
  });
});

describe('concurrent streams', () => {
  const ctx = useTestApp({
    seed: true,
    env: { MAX_DEVICES: '20', MAX_STREAMS: '3', RATE_LIMIT_LOGIN_PER_IP: '1000' },
  });
  const PLAY = '/ajax/ajaxFindVideoPlayRight.do';
  const HEARTBEAT = '/ajax/ajaxSaveWatchPosition.do';
  let titles = 0;
  const freeTitle = async () => {
    titles += 1;
    const id = `STRM${titles}`;
    await newTitle(ctx.database.db, { content_id: id });
    return id;
  };
  const play = (browser: TestBrowser, contentId: string) =>
    browser.get(`${PLAY}?contentId=${contentId}`);
  const streamIdOf = (res: { json: () => unknown }) =>
    playRightReplySchema.parse(res.json()).data.streamId!;
  const heartbeat = (browser: TestBrowser, contentId: string, streamId: string, seq = 1) =>
    browser.post(HEARTBEAT, {
      contentId,
      positionSeconds: 10,
      durationSeconds: 30,
      seq,
      streamId,
    });
  /** The member's primary browser and `n` more browsers (devices) on the account. */
  const household = async (n: number) => {
    const member = await newMember(ctx.app);
    const devices = [member.browser];
    for (let i = 0; i < n; i += 1) devices.push((await loginFrom(ctx, member)).browser);
    return { member, devices };
  };

  it('ten devices starting at once get exactly three streams; the refusal lists them', async () => {
    const id = await freeTitle();
    const { devices } = await household(9);
    const replies = await Promise.all(devices.map((d) => play(d, id)));
    const granted = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(granted).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.json().status).toEqual({
        code: 'STREAM_LIMIT',
        message: '這個帳號同時播放的裝置已達上限，請先停止其中一部裝置的播放。',
      });
      const data = streamLimitDataSchema.parse(r.json().data);
      expect(data.maxStreams).toBe(3);
      expect(data.streams).toHaveLength(3);
      expect(data.streams.every((s) => s.playing.startsWith('測試影片'))).toBe(true);
    }
    expect(new Set(granted.map(streamIdOf)).size).toBe(3);
  });

  it('two instances sharing the database still give exactly three of ten', async () => {
    const id = await freeTitle();
    const { devices } = await household(9);
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
    try {
      const replies = await Promise.all(
        devices.map((device, i) => {
          if (i % 2 === 0) return play(device, id);
          const there = new TestBrowser(other);
          for (const [name, value] of device.cookies) there.cookies.set(name, value);
          return play(there, id);
        }),
      );
      const codes = replies.map((r) => (r.statusCode === 200 ? 'ok' : r.json().status.code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(3);
      expect(codes.filter((c) => c === 'STREAM_LIMIT')).toHaveLength(7);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('「停止該裝置播放」 frees a place at once; the stopped player’s next heartbeat is refused and its position kept', async () => {
    const id = await freeTitle();
    const { member, devices } = await household(3);
    const [a, b, c, d] = devices as [TestBrowser, TestBrowser, TestBrowser, TestBrowser];
    const streamA = streamIdOf(await play(a, id));
    await play(b, id);
    await play(c, id);
    const refused = await play(d, id);
    expect(refused.statusCode).toBe(409);
    const listed = streamLimitDataSchema.parse(refused.json().data).streams;
    expect(listed.map((s) => s.streamId)).toContain(streamA);
    expect((await d.post('/ajax/ajaxStopStream.do', { streamId: streamA })).statusCode).toBe(200);
    expect((await play(d, id)).statusCode).toBe(200);

    const beat = await heartbeat(a, id, streamA, 5);
    expect(beat.statusCode).toBe(409);
    expect(beat.json().status).toEqual({
      code: 'STREAM_STOPPED',
      message: '這部裝置的播放已由同帳號的另一部裝置停止。',
    });
    const position = await ctx.database.db
      .selectFrom('watch_position')
      .select('position_seconds')
      .where('sub_account_uid', '=', member.uid)
      .where('content_id', '=', id)
      .executeTakeFirst();
    expect(position?.position_seconds).toBe(10);
    // Stopping it again changes nothing.
    expect((await d.post('/ajax/ajaxStopStream.do', { streamId: streamA })).statusCode).toBe(200);
  });

  it('another account can neither stop nor renew a stream, and a made-up id is refused', async () => {
    const id = await freeTitle();
    const { devices } = await household(0);
    const own = streamIdOf(await play(devices[0]!, id));
    const stranger = await newMember(ctx.app);
    const stop = await stranger.browser.post('/ajax/ajaxStopStream.do', { streamId: own });
    expect(stop.statusCode).toBe(404);
    expect((await heartbeat(stranger.browser, id, own)).statusCode).toBe(404);
    expect((await heartbeat(devices[0]!, id, own)).statusCode).toBe(200);
    expect((await heartbeat(devices[0]!, id, 'not a stream id')).statusCode).toBe(400);
    const list = await deviceList(devices[0]!);
    expect(list.streams.map((s) => s.streamId)).toEqual([own]);
  });

  it('no spelling of the stop call skips the CSRF check, and a cross-site stop is refused', async () => {
    const id = await freeTitle();
    const { devices } = await household(0);
    const device = devices[0]!;
    const streamId = streamIdOf(await play(device, id));
    const cookie = [...device.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const url of [
      '/ajax/ajaxStopStream.do',
      '/ajax//ajaxStopStream.do',
      '/ajax/./ajaxStopStream.do',
      '/ajax/%61jaxStopStream.do',
      '/ajax/ajaxStopStream.do/',
      '/x/../ajax/ajaxStopStream.do',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example' },
        payload: { streamId },
      });
      expect(res.statusCode, url).not.toBe(200);
    }
    // The member's stream still plays: its heartbeat renews it.
    expect((await heartbeat(device, id, streamId)).statusCode).toBe(200);
    expect((await deviceList(device)).streams.map((s) => s.streamId)).toEqual([streamId]);
  });

  it('a device holds one stream; heartbeats keep it; it lapses 90 s after the last renewal', async () => {
    const id = await freeTitle();
    const other = await freeTitle();
    const { devices } = await household(3);
    const [a, b, c, d] = devices as [TestBrowser, TestBrowser, TestBrowser, TestBrowser];
    const streamA = streamIdOf(await play(a, id));
    // A second play on the same device replaces its stream rather than taking another place.
    const streamA2 = streamIdOf(await play(a, other));
    const replaced = await heartbeat(a, id, streamA);
    expect(replaced.json().status).toEqual({
      code: 'STREAM_STOPPED',
      message: '這部裝置已開始播放其他內容，這裡的播放已停止。',
    });
    const streamB = streamIdOf(await play(b, id));
    const streamC = streamIdOf(await play(c, id));
    expect((await play(d, id)).statusCode).toBe(409);

    const start = ctx.now.value;
    try {
      ctx.now.value = start + 60;
      expect((await heartbeat(a, other, streamA2)).statusCode).toBe(200);
      ctx.now.value = start + 120;
      // b and c lapsed (90 s without renewal); a was renewed at +60 and still plays.
      expect((await play(d, id)).statusCode).toBe(200);
      expect((await deviceList(a)).streams).toHaveLength(2);
      // A lapsed player's heartbeat brings its stream back while there is room, not beyond.
      expect((await heartbeat(b, id, streamB)).statusCode).toBe(200);
      const late = await heartbeat(c, id, streamC);
      expect(late.statusCode).toBe(409);
      expect(late.json().status.code).toBe('STREAM_LIMIT');
      expect((await deviceList(a)).streams).toHaveLength(3);
    } finally {
      ctx.now.value = start;
    }
  });

  it('sub-accounts share the account’s streams, and live channels count too', async () => {
    const id = await freeTitle();
    const { member, devices } = await household(3);
    const child = await member.browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '妹妹',
      kidmode: '0',
    });
    const uid = child.json().data.subAccount.subAccountUid as string;
    await devices[1]!.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: uid });
    expect((await play(devices[0]!, id)).statusCode).toBe(200);
    expect((await play(devices[1]!, id)).statusCode).toBe(200);
    const live = await devices[2]!.get('/ajax/ajaxSwitchChannel.do?channelId=ch01');
    expect(live.statusCode).toBe(200);
    const liveStream = switchChannelReplySchema.parse(live.json()).data.streamId!;
    expect(liveStream).toMatch(/^[\w-]{16}$/);
    const refused = await play(devices[3]!, id);
    expect(refused.statusCode).toBe(409);
    const playing = streamLimitDataSchema.parse(refused.json().data).streams.map((s) => s.playing);
    const ch01 = await ctx.database.db
      .selectFrom('channel')
      .select('name')
      .where('channel_id', '=', 'ch01')
      .executeTakeFirstOrThrow();
    expect(playing).toContain(ch01.name);
    // The live bookmark renews the channel's stream; once stopped it is refused.
    const bookmark = (streamId: string) =>
      devices[2]!.post('/ajax/ajaxInsertLiveBookmark.do', {
        channelId: 'ch01',
        bookmarkId: 'bm-test-1',
        reason: 'interval',
        streamId,
      });
    await devices[3]!.post('/ajax/ajaxStopStream.do', { streamId: liveStream });
    const stopped = await bookmark(liveStream);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().status.code).toBe('STREAM_STOPPED');
  });
});

describe('the apps: devices and streams on the gateway', () => {
  const ctx = useTestApp({
    seed: true,
    env: { MAX_DEVICES: '2', MAX_STREAMS: '1', RATE_LIMIT_LOGIN_PER_IP: '1000' },
  });
  const post = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: gatewayUrl(ctx, 'POST', path), payload });

  it('registers the app install, leases, renews and stops streams, signed like every gateway call', async () => {
    const member = await newMember(ctx.app);
    const login = await post('/gw/Login.json', {
      loginId: member.loginId,
      password: member.password,
      deviceId: 'app-install-0001',
    });
    expect(login.statusCode, login.body).toBe(200);
    const sso = login.json().data.ssoSession as string;
    // The same install logging in again is the same device; a second install fills the limit.
    expect(
      (
        await post('/gw/Login.json', {
          loginId: member.loginId,
          password: member.password,
          deviceId: 'app-install-0001',
        })
      ).statusCode,
    ).toBe(200);
    const third = await post('/gw/Login.json', {
      loginId: member.loginId,
      password: member.password,
      deviceId: 'app-install-0002',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().status.code).toBe('DEVICE_LIMIT');

    const list = await post('/gw/FindDeviceList.json', { ssoSession: sso });
    expect(list.statusCode).toBe(200);
    expect(deviceListReplySchema.parse(list.json()).data.devices.map((d) => d.name)).toContain(
      'App（PC）',
    );

    await newTitle(ctx.database.db, { content_id: 'GWSTREAM1' });
    const start = await post('/gw/StartStream.json', { ssoSession: sso, contentId: 'GWSTREAM1' });
    expect(start.statusCode, start.body).toBe(200);
    const streamId = start.json().data.streamId as string;
    expect(start.json().data).toMatchObject({ renewEverySeconds: 30 });
    // The web browser of the same account is refused: one stream at a time.
    const web = await member.browser.get('/ajax/ajaxFindVideoPlayRight.do?contentId=GWSTREAM1');
    expect(web.statusCode).toBe(409);
    const webStreams = streamLimitDataSchema.parse(web.json().data).streams;
    expect(webStreams.map((s) => s.streamId)).toEqual([streamId]);
    const renew = await post('/gw/RenewStream.json', { ssoSession: sso, streamId });
    expect(renew.statusCode).toBe(200);
    expect((await member.browser.post('/ajax/ajaxStopStream.do', { streamId })).statusCode).toBe(
      200,
    );
    const refused = await post('/gw/RenewStream.json', { ssoSession: sso, streamId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status.code).toBe('STREAM_STOPPED');
    // The place is free again: the app takes it for a channel, and ends its own stream itself.
    const channel = await post('/gw/StartStream.json', { ssoSession: sso, channelId: 'ch01' });
    expect(channel.statusCode, channel.body).toBe(200);
    const play = () => member.browser.get('/ajax/ajaxFindVideoPlayRight.do?contentId=GWSTREAM1');
    expect((await play()).statusCode).toBe(409);
    const channelStream = channel.json().data.streamId as string;
    const end = await post('/gw/StopStream.json', { ssoSession: sso, streamId: channelStream });
    expect(end.statusCode).toBe(200);
    expect((await play()).statusCode).toBe(200);
  });

  it('refuses unsigned calls, bad bodies and someone else’s session', async () => {
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/gw/StartStream.json',
      payload: { ssoSession: 'x'.repeat(43), contentId: 'M0001' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await post('/gw/StartStream.json', { ssoSession: 'x'.repeat(43) })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/gw/StartStream.json', { ssoSession: 'x'.repeat(43), contentId: 'M0001' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/gw/Login.json', { loginId: 'a@b.c', password: 'x', deviceId: '<script>' }))
        .statusCode,
    ).toBe(400);
  });
});
