import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DIGIT_PAUSE_MS,
  DigitBuffer,
  channelByNumber,
  channelKeyOf,
  stepChannel,
} from './channel-keys';

describe('channel keys (issue 13 item 8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('maps Page Up/Down, the remote keys and digits; leaves arrows and shortcuts alone', () => {
    expect(channelKeyOf({ key: 'PageUp' })).toEqual({ kind: 'previous' });
    expect(channelKeyOf({ key: 'ChannelDown' })).toEqual({ kind: 'next' });
    expect(channelKeyOf({ key: '7' })).toEqual({ kind: 'digit', digit: '7' });
    expect(channelKeyOf({ key: 'ArrowUp' })).toBeNull();
    expect(channelKeyOf({ key: 'PageDown', ctrlKey: true })).toBeNull();
  });

  it('steps round the strip and picks the nth channel', () => {
    const ids = ['ch01', 'ch02', 'ch07'];
    expect(stepChannel(ids, 'ch07', 1)).toBe('ch01');
    expect(stepChannel(ids, 'ch01', -1)).toBe('ch07');
    expect(stepChannel(ids, 'ch99', 1)).toBe('ch01');
    expect(stepChannel([], 'ch01', 1)).toBeUndefined();
    expect(channelByNumber(ids, '3')).toBe('ch07');
    expect(channelByNumber(ids, '0')).toBeUndefined();
    expect(channelByNumber(ids, '12')).toBeUndefined();
  });

  it('takes the digits typed once typing pauses', () => {
    const done = vi.fn();
    const buffer = new DigitBuffer(done);
    buffer.push('1');
    vi.advanceTimersByTime(DIGIT_PAUSE_MS - 1);
    buffer.push('2');
    expect(buffer.typed).toBe('12');
    vi.advanceTimersByTime(DIGIT_PAUSE_MS);
    expect(done).toHaveBeenCalledWith('12');
    expect(buffer.typed).toBe('');
  });
});
