import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playbackErrorEntry } from './app-log';
import { startCountdown } from './countdown';
import { codeOfHlsError, codeOfMediaError, playerErrorText } from './error-codes';
import { actionForKey, keyTargetOf, pageKeyTargetOf, seekTarget, type KeyTarget } from './keyboard';
import { contentIdOfPlayLink } from './prewarm';
import { allowedRenditions, matchPageProtocol, qualityOptions } from './quality';
import {
  SUBTITLE_STORAGE_KEY,
  offeredChoices,
  readSubtitleChoice,
  saveSubtitleChoice,
  toggledChoice,
  trackIndexFor,
} from './subtitles';

describe('player error codes (SPEC §8)', () => {
  it('maps 1–5 to the spec’s English and anything else to unknown error', () => {
    expect([1, 2, 3, 4, 5].map(playerErrorText)).toEqual([
      'download cancelled',
      'connection lost',
      'bad format',
      'unavailable or unsupported',
      'encrypted',
    ]);
    for (const code of [0, 6, -1, 99]) expect(playerErrorText(code)).toBe('unknown error');
  });

  it('takes MediaError codes as they are, unknown ones as 0', () => {
    expect([1, 2, 3, 4, 5].map(codeOfMediaError)).toEqual([1, 2, 3, 4, 5]);
    expect([undefined, 0, 6].map(codeOfMediaError)).toEqual([0, 0, 0]);
  });

  it('maps hls.js failures onto the same codes', () => {
    const code = (type: string, details: string, httpStatus?: number) =>
      codeOfHlsError({ type, details, httpStatus });
    expect(code('networkError', 'fragLoadError', 500)).toBe(2);
    expect(code('networkError', 'manifestLoadTimeOut')).toBe(2);
    expect(code('networkError', 'manifestLoadError', 403)).toBe(4);
    expect(code('networkError', 'manifestLoadError', 404)).toBe(4);
    expect(code('networkError', 'manifestParsingError')).toBe(4);
    expect(code('mediaError', 'manifestIncompatibleCodecsError')).toBe(4);
    expect(code('mediaError', 'bufferAppendError')).toBe(3);
    expect(code('muxError', 'fragParsingError')).toBe(3);
    expect(code('networkError', 'keyLoadError', 403)).toBe(5);
    expect(code('keySystemError', 'keySystemNoKeys')).toBe(5);
    expect(code('otherError', 'internalException')).toBe(0);
  });

  it('builds the playbackError entry the app log stores (SPEC §7)', () => {
    expect(
      playbackErrorEntry('M0001', 'VOD', { code: 2, detail: 'fragLoadError', position: 12.34567 }),
    ).toEqual({
      type: 'playbackError',
      contentID: 'M0001',
      playerErrorCode: 2,
      videoPosition: 12.346,
      errorMessage: 'connection lost (fragLoadError)',
      playType: 'VOD',
    });
    const long = playbackErrorEntry('CH1', 'LIVE', {
      code: 9,
      detail: 'x'.repeat(900),
      position: -1,
    });
    expect(long.errorMessage).toHaveLength(500);
    expect(long.errorMessage.startsWith('unknown error (')).toBe(true);
    expect(long.videoPosition).toBe(0);
  });
});

describe('quality (SPEC §5 bitrate cap)', () => {
  const ladder = [
    { height: 360, bitrate: 500_797 },
    { height: 720, bitrate: 1_358_101 },
  ];

  it('offers every rendition without a cap, best first', () => {
    expect(qualityOptions(ladder)).toEqual([
      { index: 1, label: '720p', bitrate: 1_358_101, disabled: false },
      { index: 0, label: '360p', bitrate: 500_797, disabled: false },
    ]);
  });

  it('disables the renditions above maxBitrate', () => {
    expect(qualityOptions(ladder, 1_000_000).map((o) => [o.label, o.disabled])).toEqual([
      ['720p', true],
      ['360p', false],
    ]);
    expect([...allowedRenditions(ladder, 1_358_101)]).toEqual([0, 1]);
  });

  it('keeps the lowest when every rendition is above the cap', () => {
    expect([...allowedRenditions(ladder, 100)]).toEqual([0]);
    expect([...allowedRenditions([ladder[1]!, ladder[0]!], 100)]).toEqual([1]);
    expect([...allowedRenditions([], 100)]).toEqual([]);
  });

  it('matches stream URLs to the page protocol (SPEC §5)', () => {
    expect(matchPageProtocol('http://cdn.example/a.m3u8', 'https:')).toBe(
      'https://cdn.example/a.m3u8',
    );
    expect(matchPageProtocol('https://cdn.example/a.m3u8', 'http:')).toBe(
      'http://cdn.example/a.m3u8',
    );
    expect(matchPageProtocol('/stream/a/master.m3u8', 'https:')).toBe('/stream/a/master.m3u8');
    expect(matchPageProtocol('http://cdn.example/a.m3u8', 'file:')).toBe(
      'http://cdn.example/a.m3u8',
    );
  });
});

describe('subtitles', () => {
  const tracks = [
    { lang: 'zh-Hant', name: '中文' },
    { lang: 'en', name: 'English' },
  ];

  function memoryStorage() {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      map,
    };
  }

  it('remembers the choice, Chinese before any is made', () => {
    const store = memoryStorage();
    expect(readSubtitleChoice(store)).toBe('zh-TW');
    saveSubtitleChoice('en', store);
    expect(store.map.get(SUBTITLE_STORAGE_KEY)).toBe('en');
    expect(readSubtitleChoice(store)).toBe('en');
    saveSubtitleChoice('off', store);
    expect(readSubtitleChoice(store)).toBe('off');
    store.map.set(SUBTITLE_STORAGE_KEY, '<script>');
    expect(readSubtitleChoice(store)).toBe('zh-TW');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSubtitleChoice(broken)).toBe('zh-TW');
    expect(() => saveSubtitleChoice('en', broken)).not.toThrow();
  });

  it('finds the track of a choice by language', () => {
    expect(trackIndexFor('zh-TW', tracks)).toBe(0);
    expect(trackIndexFor('en', tracks)).toBe(1);
    expect(trackIndexFor('off', tracks)).toBe(-1);
    expect(trackIndexFor('en', [{ lang: 'zh-TW', name: '中文' }])).toBe(-1);
    expect(offeredChoices([{ lang: 'en-US', name: 'E' }, { name: '?' }])).toEqual(['en']);
  });

  it('c toggles between off and the last language', () => {
    expect(toggledChoice('en', 'en', ['zh-TW', 'en'])).toBe('off');
    expect(toggledChoice('off', 'en', ['zh-TW', 'en'])).toBe('en');
    expect(toggledChoice('off', 'en', ['zh-TW'])).toBe('zh-TW');
    expect(toggledChoice('off', 'zh-TW', [])).toBe('off');
  });
});

describe('keyboard', () => {
  const everywhere: KeyTarget[] = ['player', 'button', 'select', 'slider', 'seek'];

  it('space and k play or pause; arrows seek; f, m and c', () => {
    expect(actionForKey({ key: ' ' }, 'player')).toBe('togglePlay');
    expect(actionForKey({ key: ' ' }, 'seek')).toBe('togglePlay');
    for (const target of everywhere) {
      expect(actionForKey({ key: 'k' }, target)).toBe('togglePlay');
      expect(actionForKey({ key: 'K' }, target)).toBe('togglePlay');
      expect(actionForKey({ key: 'f' }, target)).toBe('fullscreen');
      expect(actionForKey({ key: 'm' }, target)).toBe('mute');
      expect(actionForKey({ key: 'c' }, target)).toBe('captions');
    }
    expect(actionForKey({ key: 'ArrowLeft' }, 'player')).toBe('seekBack');
    expect(actionForKey({ key: 'ArrowRight' }, 'seek')).toBe('seekForward');
    expect(actionForKey({ key: 'ArrowRight' }, 'button')).toBe('seekForward');
  });

  it('leaves keys to the browser where they already mean something', () => {
    expect(actionForKey({ key: ' ' }, 'button')).toBeNull();
    expect(actionForKey({ key: ' ' }, 'select')).toBeNull();
    expect(actionForKey({ key: 'ArrowLeft' }, 'select')).toBeNull();
    expect(actionForKey({ key: 'ArrowRight' }, 'slider')).toBeNull();
    expect(actionForKey({ key: 'k' }, 'text')).toBeNull();
    expect(actionForKey({ key: 'f', ctrlKey: true }, 'player')).toBeNull();
    expect(actionForKey({ key: 'ArrowLeft', altKey: true }, 'player')).toBeNull();
    expect(actionForKey({ key: 'r', metaKey: true }, 'player')).toBeNull();
    expect(actionForKey({ key: 'x' }, 'player')).toBeNull();
    expect(actionForKey({ key: 'Enter' }, 'player')).toBeNull();
  });

  it('knows the controls by element', () => {
    const el = (tagName: string, extra: object = {}) => ({ tagName, ...extra }) as Element;
    expect(keyTargetOf(null)).toBe('player');
    expect(keyTargetOf(el('VIDEO'))).toBe('player');
    expect(keyTargetOf(el('BUTTON'))).toBe('button');
    expect(keyTargetOf(el('SELECT'))).toBe('select');
    expect(keyTargetOf(el('INPUT', { type: 'range', dataset: { role: 'seek' } }))).toBe('seek');
    expect(keyTargetOf(el('INPUT', { type: 'range', dataset: {} }))).toBe('slider');
    expect(keyTargetOf(el('INPUT', { type: 'text', dataset: {} }))).toBe('text');
  });

  it('on the whole page: not in text fields, menus, editable elements or dialogs (issue 20 item 11)', () => {
    /** A stand-in element inside ancestors matching `inside` (closest() answers for those). */
    const el = (tagName: string, inside: string[] = [], extra: object = {}) =>
      ({
        tagName,
        dataset: {},
        closest: (selector: string) =>
          inside.some((s) => selector.split(', ').some((part) => part.includes(s))) ? {} : null,
        ...extra,
      }) as unknown as Element;
    expect(pageKeyTargetOf(null)).toBe('player');
    expect(pageKeyTargetOf(el('BODY'))).toBe('player');
    expect(pageKeyTargetOf(el('A'))).toBe('player');
    expect(pageKeyTargetOf(el('BUTTON'))).toBe('button');
    expect(pageKeyTargetOf(el('INPUT', [], { type: 'search' }))).toBeNull();
    expect(pageKeyTargetOf(el('TEXTAREA'))).toBeNull();
    expect(pageKeyTargetOf(el('SELECT'))).toBeNull();
    expect(pageKeyTargetOf(el('DIV', ['contenteditable']))).toBeNull();
    expect(pageKeyTargetOf(el('BUTTON', ['dialog']))).toBeNull();
    expect(pageKeyTargetOf(el('A', ['role="dialog"']))).toBeNull();
    expect(pageKeyTargetOf(el('BUTTON', ['role="tablist"']))).toBe('widget');
    // A widget keeps its arrows and space; the letters still reach the player.
    expect(actionForKey({ key: 'ArrowRight' }, 'widget')).toBeNull();
    expect(actionForKey({ key: ' ' }, 'widget')).toBeNull();
    expect(actionForKey({ key: 'm' }, 'widget')).toBe('mute');
  });

  it('seeks 10 s within the stream', () => {
    expect(seekTarget(25, 30, 'seekForward')).toBe(30);
    expect(seekTarget(12, 30, 'seekForward')).toBe(22);
    expect(seekTarget(4, 30, 'seekBack')).toBe(0);
    expect(seekTarget(100, Infinity, 'seekForward')).toBe(110);
  });
});

describe('next-episode countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks each second and starts the next episode at zero', () => {
    const ticks: number[] = [];
    let done = 0;
    startCountdown(
      3,
      (left) => ticks.push(left),
      () => (done += 1),
    );
    vi.advanceTimersByTime(2999);
    expect([ticks, done]).toEqual([[2, 1], 0]);
    vi.advanceTimersByTime(1);
    expect([ticks, done]).toEqual([[2, 1, 0], 1]);
    vi.advanceTimersByTime(5000);
    expect(done).toBe(1);
  });

  it('stops when cancelled', () => {
    let done = 0;
    const cancel = startCountdown(
      3,
      () => undefined,
      () => (done += 1),
    );
    vi.advanceTimersByTime(1500);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(done).toBe(0);
  });
});

describe('prewarm', () => {
  it('knows the title a play link opens', () => {
    expect(contentIdOfPlayLink('/play/M0001')).toBe('M0001');
    expect(contentIdOfPlayLink('/play/S0007-S1E01?x=1')).toBe('S0007-S1E01');
    expect(contentIdOfPlayLink('/play/A%20B')).toBe('A B');
    expect(contentIdOfPlayLink('/play/%E0%A4%A')).toBeUndefined();
    expect(contentIdOfPlayLink('/details/M0001/M0001')).toBeUndefined();
    expect(contentIdOfPlayLink('/play/')).toBeUndefined();
  });
});
