import { describe, expect, it } from 'vitest';
import {
  JOB_STATE_LABELS,
  envelopeMessage,
  formatBandwidth,
  formatBytes,
  formatDuration,
  formatPercent,
  isActive,
  jobChoiceLabel,
  jobsQueryFromSearch,
  uploadFraction,
} from './labels';

describe('the media section’s words and numbers', () => {
  it('names every job state in zh-TW, and knows which may still change', () => {
    expect(JOB_STATE_LABELS).toEqual({
      queued: '排隊中',
      running: '轉檔中',
      done: '完成',
      failed: '失敗',
      cancelled: '已取消',
    });
    expect(isActive('queued')).toBe(true);
    expect(isActive('running')).toBe(true);
    expect(isActive('done')).toBe(false);
    expect(isActive('failed')).toBe(false);
    expect(isActive('cancelled')).toBe(false);
  });

  it('shows progress as a whole, clamped percentage', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.427)).toBe('43%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(1.2)).toBe('100%');
    expect(formatPercent(-1)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
    expect(uploadFraction(4, 8)).toBe(0.5);
    expect(uploadFraction(0, 0)).toBe(0);
    expect(uploadFraction(9, 8)).toBe(1);
  });

  it('shows sizes, durations and bandwidths', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatDuration(4.04)).toBe('0:04');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatBandwidth(2_800_000)).toBe('2,800 kbps');
  });

  it('names a finished job by its file and Taipei upload time', () => {
    // 2026-11-22 12:00 Taipei.
    expect(jobChoiceLabel({ sourceName: 'trailer.mp4', createdAt: 1_795_320_000 })).toMatch(
      /^trailer\.mp4（2026\/11\/22\s12:00）$/,
    );
  });

  it('reads the message of a refused upload’s envelope', () => {
    expect(
      envelopeMessage(
        JSON.stringify({ status: { code: 'INGEST_NOT_MEDIA', message: '這不是影片檔。' } }),
      ),
    ).toBe('這不是影片檔。');
    expect(envelopeMessage('<html>bad gateway</html>')).toBeNull();
    expect(envelopeMessage('')).toBeNull();
    expect(envelopeMessage(JSON.stringify({ status: { code: 'X', message: '' } }))).toBeNull();
  });

  it('reads the jobs list’s filter and page from the address, ignoring bad values', () => {
    const read = (query: string) => jobsQueryFromSearch(new URLSearchParams(query));
    expect(read('')).toEqual({ state: undefined, page: 1 });
    expect(read('state=running&page=3')).toEqual({ state: 'running', page: 3 });
    expect(read('state=exploded&page=-2')).toEqual({ state: undefined, page: 1 });
    expect(read('page=1.5')).toEqual({ state: undefined, page: 1 });
    expect(read('page=999999')).toEqual({ state: undefined, page: 1 });
  });
});
