import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelGroupListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { xmltvTime } from '../../src/modules/live/xmltv.js';
import { newChannel, newProgramme, useTestApp } from '../support/index.js';

describe('live channel groups and programme guide', () => {
  const ctx = useTestApp({ seed: true });

  it('gives each status its description; the not-live ones carry the spec alerts', async () => {
    const reply = channelGroupListReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindChannelGroupList.do')).json(),
    );
    const channels = reply.data.channelGroupList.channelGroup.flatMap(
      (g) => g.channelV2List.channelV2,
    );
    expect(channels.find((c) => c.channelStatus === '0')?.channelStatusDesc).toBe(
      '目前本頻道尚未開播 敬請期待~',
    );
    expect(channels.find((c) => c.channelStatus === '9')?.channelStatusDesc).toBe(
      '目前頻道內容已結束 暫無內容~',
    );
    expect(channels[0]!.channelPic).toMatch(/^\/media\/images\/channels\/channel-\d\d\.jpg$/);
  });

  it('lists a channel in every group it belongs to', async () => {
    const reply = channelGroupListReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindChannelGroupList.do')).json(),
    );
    const holders = reply.data.channelGroupList.channelGroup.filter((g) =>
      g.channelV2List.channelV2.some((c) => c.channelId === 'ch12'),
    );
    expect(holders.map((g) => g.channelGroupTitle).sort()).toEqual(['NEWS', '兒童與體育'].sort());
  });

  it('writes XMLTV times in Taipei time', () => {
    expect(xmltvTime(Date.UTC(2026, 10, 21, 16, 0, 0) / 1000)).toBe('20261122000000 +0800');
  });

  it('the guide is valid XMLTV and encodes names', async () => {
    const channel = await newChannel(ctx.database.db, { name: '新聞 & <特別> 台' }, 'news');
    await newProgramme(ctx.database.db, {
      channel_id: channel.channel_id,
      start_at: ctx.now.value,
      end_at: ctx.now.value + 1800,
      name: '「特別報導」<直播> & 談話',
      description: '',
    });
    const res = await ctx.app.inject('/epg/xmltv.xml?days=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('「特別報導」&lt;直播&gt; &amp; 談話');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xmltv-'));
    const file = path.join(dir, 'guide.xml');
    fs.writeFileSync(file, res.body);
    const dtd = path.join(repoRoot, 'fixtures/standards/xmltv.dtd');
    // xmllint exits non-zero (and the test fails) on any DTD violation.
    execFileSync('xmllint', ['--noout', '--dtdvalid', dtd, file], { stdio: 'pipe' });
  });

  it('rejects a guide range outside 1–9 days', async () => {
    expect((await ctx.app.inject('/epg/xmltv.xml?days=0')).statusCode).toBe(400);
    expect((await ctx.app.inject('/epg/xmltv.xml?days=10')).statusCode).toBe(400);
  });
});
