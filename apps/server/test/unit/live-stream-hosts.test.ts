import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { liveStreamUrl, parseHostRules } from '../../src/modules/live/stream-hosts.js';

const RULES =
  '體育|棒球|籃球|奧運=>sport-live.example.com; 新聞=>news-live.example.com:8443;演唱會|跨年=>event-live.example.com';
const PATH = '/live/ch12/1795341600/abc/master.m3u8';

describe('live stream host rules (LIVE_STREAM_HOST_RULES)', () => {
  const rules = parseHostRules(RULES);

  it('parses pattern=>host entries in order', () => {
    expect(rules.map((r) => r.host)).toEqual([
      'sport-live.example.com',
      'news-live.example.com:8443',
      'event-live.example.com',
    ]);
    expect(parseHostRules('')).toEqual([]);
    expect(parseHostRules(' ; ')).toEqual([]);
  });

  it('sends a channel to the host of the first pattern its name matches, in the page protocol', () => {
    expect(liveStreamUrl(PATH, '體育直播台', 'https', rules)).toBe(
      `https://sport-live.example.com${PATH}`,
    );
    // Downgraded to the page's protocol too.
    expect(liveStreamUrl(PATH, '奧運特別台', 'http', rules)).toBe(
      `http://sport-live.example.com${PATH}`,
    );
    expect(liveStreamUrl(PATH, '財經新聞台', 'https', rules)).toBe(
      `https://news-live.example.com:8443${PATH}`,
    );
    expect(liveStreamUrl(PATH, '跨年演唱會特別台', 'https', rules)).toBe(
      `https://event-live.example.com${PATH}`,
    );
    // 體育新聞: both match; the first rule wins.
    expect(liveStreamUrl(PATH, '體育新聞台', 'https', rules)).toMatch(/^https:\/\/sport-live/);
  });

  it('leaves the URL relative (the page origin and protocol) when no rule matches', () => {
    expect(liveStreamUrl(PATH, '星河電影台', 'https', rules)).toBe(PATH);
    expect(liveStreamUrl(PATH, '星河電影台', 'http', [])).toBe(PATH);
  });

  it('matches case-insensitively', () => {
    const latin = parseHostRules('sports?=>sport.example.com');
    expect(liveStreamUrl(PATH, 'ESPN Sports', 'https', latin)).toBe(
      `https://sport.example.com${PATH}`,
    );
  });

  it.each([
    ['no arrow', '體育'],
    ['a scheme in the host', '體育=>https://sport.example.com'],
    ['a path in the host', '體育=>sport.example.com/live'],
    ['a bad pattern', '體育(=>sport.example.com'],
    ['an empty pattern', '=>sport.example.com'],
  ])('refuses %s', (_case, text) => {
    expect(() => parseHostRules(text)).toThrow();
  });

  it('a bad rule stops the server at start with the variable named', () => {
    expect(() => loadConfig({ LIVE_STREAM_HOST_RULES: '體育=>https://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_STREAM_HOST_RULES: '體育=>https://x' })).toThrow(
      /LIVE_STREAM_HOST_RULES/,
    );
    expect(loadConfig({ LIVE_STREAM_HOST_RULES: RULES }).LIVE_STREAM_HOST_RULES).toBe(RULES);
  });
});
