/**
 * Deep links into the apps (SPEC intro: "the site deep-links into them"; playAppLink). SPEC §9:
 * "App-store fallback delays after a deep link: 1500 ms and 500 ms". Read here as: after trying
 * the app, the page checks every 500 ms whether the app took over; if it has not after 1500 ms,
 * it sends the viewer to the store (docs/adr/0024-player.md).
 */
export const APP_STORE_FALLBACK_MS = 1500;
export const APP_CHECK_STEP_MS = 500;

/**
 * The app took over when the page is hidden, or when a check comes much later than its step:
 * while the app is in front the browser freezes the page's timers.
 */
const LATE_BY_MS = APP_CHECK_STEP_MS;

/** The demo apps (the server's catalogue/app-link.ts names the same scheme and package). */
const APP_SCHEME = 'starvideo';
const ANDROID_PACKAGE = 'tw.example.starvideo';
export const STORE_URLS = {
  ios: 'https://apps.apple.com/tw/app/starvideo/id0000000000',
  android: `https://play.google.com/store/apps/details?id=${ANDROID_PACKAGE}`,
} as const;

export interface AppLink {
  /** What opens the title in the app. */
  app: string;
  /** Where to get the app when it is not installed. */
  store: string;
}

const IOS = new Set(['iPhone', 'iPad', 'iOS']);
const ANDROID = new Set(['Android', 'Handset', 'Tablet']);

/** The app link of a title on a phone or tablet (SPEC §3 deviceType); null elsewhere. */
export function appLinkFor(contentId: string, deviceType: string): AppLink | null {
  const id = encodeURIComponent(contentId);
  if (IOS.has(deviceType))
    return { app: `${APP_SCHEME}://play?contentId=${id}`, store: STORE_URLS.ios };
  if (ANDROID.has(deviceType)) {
    return {
      app: `intent://play?contentId=${id}#Intent;scheme=${APP_SCHEME};package=${ANDROID_PACKAGE};end`,
      store: STORE_URLS.android,
    };
  }
  return null;
}

/** What openAppLink needs of the browser (tests pass their own). */
export interface AppLinkEnvironment {
  navigate(url: string): void;
  now(): number;
  isHidden(): boolean;
  /** Calls `listener` when the page is hidden or left; returns the unsubscribe. */
  onLeave(listener: () => void): () => void;
}

export function browserEnvironment(): AppLinkEnvironment {
  return {
    navigate: (url) => window.location.assign(url),
    now: () => Date.now(),
    isHidden: () => document.visibilityState === 'hidden',
    onLeave(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', listener);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', listener);
      };
    },
  };
}

/**
 * Tries the app, then checks every 500 ms; unless the app took over (the page went away, or a
 * check came late because the page was frozen behind the app), goes to the store once 1500 ms
 * have passed. Returns a cancel function.
 */
export function openAppLink(
  link: AppLink,
  env: AppLinkEnvironment = browserEnvironment(),
): () => void {
  const started = env.now();
  let last = started;
  const tick = () => {
    const now = env.now();
    const late = now - last > APP_CHECK_STEP_MS + LATE_BY_MS;
    last = now;
    if (env.isHidden() || late) return stop();
    if (now - started >= APP_STORE_FALLBACK_MS) {
      stop();
      env.navigate(link.store);
    }
  };
  const timer = setInterval(tick, APP_CHECK_STEP_MS);
  const stop = () => {
    clearInterval(timer);
    unsubscribe();
  };
  const unsubscribe = env.onLeave(stop);
  env.navigate(link.app);
  return stop;
}
