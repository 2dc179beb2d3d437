import { describe, expect, it } from 'vitest';
import { isTabStop, wrapIndex } from './focus-trap';

describe('wrapIndex', () => {
  it('wraps Tab from the last control to the first', () => {
    expect(wrapIndex(2, 3, false)).toBe(0);
  });
  it('wraps Shift+Tab from the first control to the last', () => {
    expect(wrapIndex(0, 3, true)).toBe(2);
  });
  it('lets the browser move focus in the middle', () => {
    expect(wrapIndex(0, 3, false)).toBeNull();
    expect(wrapIndex(1, 3, true)).toBeNull();
    expect(wrapIndex(1, 3, false)).toBeNull();
  });
  it('pulls focus back in from outside the trap', () => {
    expect(wrapIndex(-1, 3, false)).toBe(0);
    expect(wrapIndex(-1, 3, true)).toBe(2);
  });
  it('wraps a single control onto itself and ignores an empty trap', () => {
    expect(wrapIndex(0, 1, false)).toBe(0);
    expect(wrapIndex(0, 1, true)).toBe(0);
    expect(wrapIndex(-1, 0, false)).toBeNull();
  });
});

describe('isTabStop', () => {
  const base = { disabled: false, tabIndex: 0, visible: true, radioOutOfTurn: false };
  it('stops at an enabled, visible control', () => {
    expect(isTabStop(base)).toBe(true);
  });
  it('skips disabled, hidden, tabindex=-1 and radios that are not the group stop', () => {
    expect(isTabStop({ ...base, disabled: true })).toBe(false);
    expect(isTabStop({ ...base, visible: false })).toBe(false);
    expect(isTabStop({ ...base, tabIndex: -1 })).toBe(false);
    expect(isTabStop({ ...base, radioOutOfTurn: true })).toBe(false);
  });
});
