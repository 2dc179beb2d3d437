import { describe, expect, it } from 'vitest';
import type { SwitchChannelData } from '@site/contract';
import { ApiError } from '../../api/client';
import {
  initialLiveChannelState,
  liveChannelReducer,
  switchFailureMessage,
  type LiveChannelState,
} from './use-live-channel';

const data = {} as SwitchChannelData;
const play = { kind: 'play', src: '/live/a/m.m3u8', prerollTag: '/ads/vast' } as const;

describe('the live channel state machine', () => {
  it('switches, takes the reply of the channel asked for, and plays the pre-roll first', () => {
    let state: LiveChannelState = liveChannelReducer(initialLiveChannelState, {
      type: 'switch',
      channelId: 'ch02',
    });
    expect(state).toEqual({ phase: 'switching', channelId: 'ch02' });
    // A late reply of a channel already left is dropped.
    expect(liveChannelReducer(state, { type: 'loaded', channelId: 'ch01', data, view: play })).toBe(
      state,
    );
    state = liveChannelReducer(state, { type: 'loaded', channelId: 'ch02', data, view: play });
    expect(state).toMatchObject({ phase: 'ready', stage: 'preroll' });
    state = liveChannelReducer(state, { type: 'prerollDone' });
    expect(state).toMatchObject({ phase: 'ready', stage: 'content' });
  });

  it('an ad break plays the mid-roll, then content again; only where the channel has ads', () => {
    const loaded = liveChannelReducer(
      liveChannelReducer(initialLiveChannelState, { type: 'switch', channelId: 'ch02' }),
      { type: 'loaded', channelId: 'ch02', data, view: play },
    );
    // Not during the pre-roll.
    expect(
      liveChannelReducer(loaded, { type: 'midrollDue', adTag: '/ads/vast?slot=midroll' }),
    ).toBe(loaded);
    const content = liveChannelReducer(loaded, { type: 'prerollDone' });
    const midroll = liveChannelReducer(content, {
      type: 'midrollDue',
      adTag: '/ads/vast?slot=midroll&channelId=ch02',
    });
    expect(midroll).toMatchObject({
      stage: 'midroll',
      midrollTag: '/ads/vast?slot=midroll&channelId=ch02',
      afterBreak: false,
    });
    // A second mark during the break changes nothing; a late pre-roll end neither.
    expect(liveChannelReducer(midroll, { type: 'midrollDue', adTag: '/ads/vast?x' })).toBe(midroll);
    expect(liveChannelReducer(midroll, { type: 'prerollDone' })).toBe(midroll);
    const back = liveChannelReducer(midroll, { type: 'midrollDone' });
    expect(back).toMatchObject({ stage: 'content', midrollTag: '', afterBreak: true });
    expect(liveChannelReducer(back, { type: 'midrollDone' })).toBe(back);

    // A channel without ads for this viewer (no pre-roll tag: not AVOD) plays on through.
    const free = liveChannelReducer(
      liveChannelReducer(initialLiveChannelState, { type: 'switch', channelId: 'ch01' }),
      { type: 'loaded', channelId: 'ch01', data, view: { ...play, prerollTag: '' } },
    );
    expect(free).toMatchObject({ stage: 'content' });
    expect(liveChannelReducer(free, { type: 'midrollDue', adTag: '/ads/vast?slot=midroll' })).toBe(
      free,
    );
  });

  it('fails with a message, and ends for good on code 480', () => {
    const switching = liveChannelReducer(initialLiveChannelState, {
      type: 'switch',
      channelId: 'ch01',
    });
    expect(
      liveChannelReducer(switching, { type: 'failed', channelId: 'ch01', message: 'x' }),
    ).toEqual({ phase: 'failed', channelId: 'ch01', message: 'x' });
    const ended = liveChannelReducer(switching, { type: 'liveEnded', message: '已結束' });
    expect(ended).toEqual({ phase: 'ended', channelId: 'ch01', message: '已結束' });
    expect(liveChannelReducer(ended, { type: 'switch', channelId: 'ch02' })).toBe(ended);
    expect(liveChannelReducer(initialLiveChannelState, { type: 'switch', channelId: '' })).toBe(
      initialLiveChannelState,
    );
  });

  it('keeps the streams of STREAM_LIMIT; STREAM_STOPPED stops a ready channel until a switch', () => {
    const switching = liveChannelReducer(initialLiveChannelState, {
      type: 'switch',
      channelId: 'ch01',
    });
    const streams = [
      {
        streamId: 'stream-abcdefgh',
        deviceKey: 'key-abcdefgh',
        deviceName: 'Chrome（Windows）',
        playing: '新聞台',
        startedAt: 1,
        current: 'N' as const,
      },
    ];
    expect(
      liveChannelReducer(switching, { type: 'failed', channelId: 'ch01', message: 'x', streams }),
    ).toEqual({ phase: 'failed', channelId: 'ch01', message: 'x', streams });
    expect(liveChannelReducer(switching, { type: 'streamStopped', message: '已停止' })).toBe(
      switching,
    );
    const ready = liveChannelReducer(switching, {
      type: 'loaded',
      channelId: 'ch01',
      data,
      view: { ...play, prerollTag: '' },
    });
    const stopped = liveChannelReducer(ready, { type: 'streamStopped', message: '已停止' });
    expect(stopped).toEqual({ phase: 'stopped', channelId: 'ch01', message: '已停止' });
    expect(liveChannelReducer(stopped, { type: 'switch', channelId: 'ch01' })).toEqual(switching);
  });

  it("words a failed switch: a refusal's own message, else SPEC §8's", () => {
    expect(switchFailureMessage(new ApiError('NOT_FOUND', '找不到這個頻道。', 404))).toBe(
      '找不到這個頻道。',
    );
    expect(switchFailureMessage(new ApiError('NETWORK', 'x', 0))).toBe(
      '此頻道目前無法觀看，請重新整理頁面後再試。',
    );
    expect(switchFailureMessage(new TypeError('boom'))).toBe(
      '此頻道目前無法觀看，請重新整理頁面後再試。',
    );
  });
});
