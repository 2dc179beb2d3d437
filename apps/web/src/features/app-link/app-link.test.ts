import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_CHECK_STEP_MS,
  APP_STORE_FALLBACK_MS,
  STORE_URLS,
  appLinkFor,
  openAppLink,
  type AppLinkEnvironment,
} from './app-link';

const link = { app: 'starvideo://play?contentId=M0001', store: STORE_URLS.ios };

function fakeEnvironment() {
  const visited: string[] = [];
  const listeners = new Set<() => void>();
  let hidden = false;
  const env: AppLinkEnvironment = {
    navigate: (url) => visited.push(url),
    now: () => Date.now(),
    isHidden: () => hidden,
    onLeave(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    env,
    visited,
    listeners,
    hide() {
      hidden = true;
      for (const listener of [...listeners]) listener();
    },
    /** The page hidden without telling (some in-app browsers): only isHidden() says so. */
    hideQuietly() {
      hidden = true;
    },
  };
}

describe('openAppLink (SPEC §9: 1500 ms and 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the constants are the spec’s', () => {
    expect([APP_STORE_FALLBACK_MS, APP_CHECK_STEP_MS]).toEqual([1500, 500]);
  });

  it('tries the app at once and goes to the store at 1500 ms when nothing took over', () => {
    const page = fakeEnvironment();
    openAppLink(link, page.env);
    expect(page.visited).toEqual([link.app]);
    vi.advanceTimersByTime(1499);
    expect(page.visited).toEqual([link.app]);
    vi.advanceTimersByTime(1);
    expect(page.visited).toEqual([link.app, link.store]);
    vi.advanceTimersByTime(5000);
    expect(page.visited).toHaveLength(2);
    expect(page.listeners.size).toBe(0);
  });

  it('stays when the page is hidden by the app, at any 500 ms step', () => {
    const page = fakeEnvironment();
    openAppLink(link, page.env);
    vi.advanceTimersByTime(700);
    page.hide();
    vi.advanceTimersByTime(5000);
    expect(page.visited).toEqual([link.app]);
  });

  it('sees a hidden page at the next step even without an event', () => {
    const page = fakeEnvironment();
    openAppLink(link, page.env);
    vi.advanceTimersByTime(1100);
    page.hideQuietly();
    vi.advanceTimersByTime(400);
    expect(page.visited).toEqual([link.app]);
  });

  it('stays when a step comes late: the page was frozen behind the app', () => {
    const page = fakeEnvironment();
    openAppLink(link, page.env);
    vi.advanceTimersByTime(APP_CHECK_STEP_MS);
    // Frozen for 3 s: the clock moves on, the timer has not run.
    vi.setSystemTime(Date.now() + 3000);
    vi.advanceTimersByTime(APP_CHECK_STEP_MS);
    vi.advanceTimersByTime(5000);
    expect(page.visited).toEqual([link.app]);
  });

  it('a step late by no more than 500 ms still counts as the page being here', () => {
    const page = fakeEnvironment();
    openAppLink(link, page.env);
    vi.setSystemTime(Date.now() + 400);
    // Steps at 900 and 1400 ms of the clock: not late enough to mean the app, not yet 1500 ms.
    vi.advanceTimersByTime(2 * APP_CHECK_STEP_MS);
    expect(page.visited).toEqual([link.app]);
    vi.advanceTimersByTime(APP_CHECK_STEP_MS);
    expect(page.visited).toEqual([link.app, link.store]);
  });

  it('can be cancelled', () => {
    const page = fakeEnvironment();
    const cancel = openAppLink(link, page.env);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(page.visited).toEqual([link.app]);
  });
});

describe('appLinkFor', () => {
  it('opens iOS apps by scheme and Android apps by intent; none on a PC', () => {
    expect(appLinkFor('M 1', 'iPhone')).toEqual({
      app: 'starvideo://play?contentId=M%201',
      store: STORE_URLS.ios,
    });
    expect(appLinkFor('M0001', 'Android')?.app).toBe(
      'intent://play?contentId=M0001#Intent;scheme=starvideo;package=tw.example.starvideo;end',
    );
    expect(appLinkFor('M0001', 'PC')).toBeNull();
    expect(appLinkFor('M0001', 'Chromecast')).toBeNull();
  });
});
