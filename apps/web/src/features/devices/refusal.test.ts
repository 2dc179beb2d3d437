import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { devicesOfRefusal, stoppedMessageOf, streamsOfRefusal } from './refusal';

const refusal = (code: string, data: Record<string, unknown>) =>
  new ApiError(code, '已達上限', 409, [], data);

describe('devicesOfRefusal', () => {
  it('reads the devices of DEVICE_LIMIT, leaving out rows it cannot name', () => {
    const error = refusal('DEVICE_LIMIT', {
      maxDevices: 2,
      devices: [
        {
          deviceKey: 'key-aaaaaaaa',
          name: 'Chrome（Windows）',
          deviceType: 'PC',
          registeredAt: 100,
          lastSeenAt: 200,
          current: 'N',
          playing: 'Y',
        },
        { name: 'no key' },
        'junk',
      ],
    });
    expect(devicesOfRefusal(error)).toEqual([
      {
        deviceKey: 'key-aaaaaaaa',
        name: 'Chrome（Windows）',
        deviceType: 'PC',
        registeredAt: 100,
        lastSeenAt: 200,
        current: 'N',
        playing: 'Y',
      },
    ]);
  });
  it('is undefined for other errors, and empty when the data has no list', () => {
    expect(devicesOfRefusal(refusal('STREAM_LIMIT', { devices: [] }))).toBeUndefined();
    expect(devicesOfRefusal(new Error('x'))).toBeUndefined();
    expect(devicesOfRefusal(refusal('DEVICE_LIMIT', {}))).toEqual([]);
  });
});

describe('streamsOfRefusal', () => {
  it('reads the streams of STREAM_LIMIT with safe defaults', () => {
    const error = refusal('STREAM_LIMIT', {
      maxStreams: 1,
      streams: [
        { streamId: 'stream-aaaa', deviceName: 'Firefox（macOS）', playing: '片名', startedAt: 5 },
        { deviceName: 'no id' },
      ],
    });
    expect(streamsOfRefusal(error)).toEqual([
      {
        streamId: 'stream-aaaa',
        deviceKey: '',
        deviceName: 'Firefox（macOS）',
        playing: '片名',
        startedAt: 5,
        current: 'N',
      },
    ]);
    expect(streamsOfRefusal(refusal('DEVICE_LIMIT', {}))).toBeUndefined();
  });
});

describe('stoppedMessageOf', () => {
  it("gives STREAM_STOPPED's message only", () => {
    expect(stoppedMessageOf(new ApiError('STREAM_STOPPED', '已停止', 409))).toBe('已停止');
    expect(stoppedMessageOf(new ApiError('FORBIDDEN', '不行', 403))).toBeUndefined();
    expect(stoppedMessageOf(undefined)).toBeUndefined();
  });
});
