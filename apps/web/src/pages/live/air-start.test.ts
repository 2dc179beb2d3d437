import { describe, expect, it } from 'vitest';
import { airStartNote } from './air-start';

describe('airStartNote', () => {
  it('says when the channel opens, in Taipei time', () => {
    // 12:00 UTC is 20:00 in Taipei; 2026-12-02 is a Wednesday.
    expect(airStartNote('2026-12-02T12:00:00.000Z')).toBe('2026/12/2 週三 20:00 開播');
    // 16:30 UTC is already the next day in Taipei.
    expect(airStartNote('2026-12-31T16:30:00.000Z')).toBe('2027/1/1 週五 00:30 開播');
  });

  it('says nothing without a readable time', () => {
    expect(airStartNote(undefined)).toBe('');
    expect(airStartNote('')).toBe('');
    expect(airStartNote('soon')).toBe('');
  });
});
