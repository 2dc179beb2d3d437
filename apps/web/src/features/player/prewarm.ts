import type HlsType from 'hls.js';
import type { ErrorData } from 'hls.js';
import { callRoutes, type PlayRightData } from '@site/contract';
import { call } from '../../api/client';
import { hlsConfig } from './hls-config';
import { loadHls } from './load-hls';
import { matchPageProtocol } from './quality';
import { createPlayerVideo, playMutedIfRefused } from './video-element';
import { hideWhileWarming, showAt, type WarmPlace } from './warm-place';

/**
 * A warmed start not taken by a player within this long is dropped; until then the page may
 * read the reply more than once (React may render a page and throw the render away).
 */
const WARM_FOR_MS = 5_000;

interface Warm {
  /** The title whose play link was clicked; '' for a stream warmed by its URL (warmStream). */
  contentId: string;
  /** The play-right reply, asked for at the click, for the play page (not for warmStream). */
  right?: Promise<PlayRightData>;
  /** The same reply once it has come (so the page can render with it at once). */
  answered?: PlayRightData;
  /** hls.js already loading the stream into a <video> not yet on the page, for the player. */
  hls?: {
    src: string;
    instance: HlsType;
    video: HTMLVideoElement;
    release: () => void;
    /** Where it starts: -1 the start (or a live stream's edge), else seconds (start over). */
    startPosition: number;
  };
  timer: ReturnType<typeof setTimeout>;
}

let warm: Warm | undefined;
/** An hls.js instance made while a play control was aimed at, for the next click. */
let spare: HlsType | undefined;

/**
 * Makes the hls.js instance the next click will use, while the pointer rests on a play control
 * (called after the library has loaded): setting one up costs the main thread several
 * milliseconds that are better spent before the click than after it.
 */
export function prepareHls(): void {
  loadHls().then(
    (Hls) => {
      if (!spare && Hls.isSupported()) spare = new Hls({ ...hlsConfig, startPosition: -1 });
    },
    () => undefined,
  );
}

function drop(): void {
  if (!warm) return;
  clearTimeout(warm.timer);
  warm.hls?.instance.destroy();
  warm.hls?.video.remove();
  warm = undefined;
}

/** hls.js for the entry, set up (or taken from the spare) once the library is in. */
function makeWarmHls(entry: Warm, startPosition = -1) {
  return loadHls().then((Hls) => {
    if (warm !== entry || !Hls.isSupported()) return undefined;
    // The spare starts at -1; a stream started elsewhere (start over: 0) gets its own.
    const instance =
      startPosition === -1 && spare ? spare : new Hls({ ...hlsConfig, startPosition });
    if (startPosition === -1) spare = undefined;
    // A failure before a player takes it: drop it, the player starts afresh.
    const onError = (_event: unknown, error: ErrorData) => {
      if (error.fatal && warm === entry) {
        entry.hls?.video.remove();
        entry.hls = undefined;
        instance.destroy();
      }
    };
    instance.on(Hls.Events.ERROR, onError);
    return {
      instance,
      events: Hls.Events,
      startPosition,
      release: () => instance.off(Hls.Events.ERROR, onError),
    };
  });
}

/**
 * Attaches the entry's hls.js to a <video> not yet in the player and loads `src`. Hidden (no
 * place), it resolves once the first fragment is in (or failed); shown in a place, it plays at once
 * and resolves at its first frame (or failure). The page renders after that: until then the main
 * thread is the stream's (rendering first delays each playlist and the fragment by a render's
 * length).
 */
function startWarm(
  entry: Warm,
  made: NonNullable<Awaited<ReturnType<typeof makeWarmHls>>>,
  videoUrl: string,
  place?: WarmPlace,
): Promise<void> {
  const src = matchPageProtocol(videoUrl, window.location.protocol);
  const video = createPlayerVideo();
  const ready = new Promise<void>((resolve) => {
    made.instance.once(made.events.ERROR, () => resolve());
    if (!place) {
      made.instance.once(made.events.FRAG_LOADED, () => resolve());
      return;
    }
    made.instance.once(made.events.MANIFEST_PARSED, () => playMutedIfRefused(video));
    // Older Firefox lacks frame callbacks: 'playing' is the nearest moment it tells.
    if (typeof video.requestVideoFrameCallback === 'function') {
      video.requestVideoFrameCallback(() => resolve());
    } else {
      video.addEventListener('playing', () => resolve(), { once: true });
    }
  });
  if (place) showAt(video, place);
  else hideWhileWarming(video);
  made.instance.attachMedia(video);
  made.instance.loadSource(src);
  entry.hls = {
    src,
    video,
    instance: made.instance,
    release: made.release,
    startPosition: made.startPosition,
  };
  return ready;
}

/**
 * Starts playing before the play page has rendered: at the click on a play link the play-right
 * call goes out at once and hls.js is set up meanwhile; when the reply has a stream (and no
 * pre-roll), hls.js attaches a <video> not yet on the page and loads the playlists and the first
 * fragment. The page reads the reply (warmPlayRight) and the player takes the video with its hls.js
 * (takeWarmStart), so the network and the media pipeline work while React renders
 * (docs/adr/0024-player.md). Nothing is decided here: the server's reply is what the page shows.
 */
export function warmPlayback(contentId: string, place?: WarmPlace): Promise<void> {
  // A reply asked for while the link was aimed at (askPlayRightAhead) is taken as the click's.
  const asked = warm?.contentId === contentId && warm.right && !warm.hls ? warm : undefined;
  if (asked) clearTimeout(asked.timer);
  else drop();
  const timer = setTimeout(drop, WARM_FOR_MS);
  const entry: Warm = asked ?? { contentId, right: askPlayRight(contentId), timer };
  entry.timer = timer;
  warm = entry;
  const right = entry.right!;
  // hls.js (fetched on hover) is set up while the play right is on its way.
  const library = makeWarmHls(entry);
  right.then(
    (data) => {
      entry.answered = data;
    },
    () => undefined,
  );
  return Promise.all([right, library]).then(
    ([data, made]) => {
      if (!made) return;
      if (warm !== entry || data.preVastUrl) return made.instance.destroy();
      return startWarm(entry, made, data.videoUrl, place);
    },
    () =>
      library.then(
        (made) => made?.instance.destroy(),
        () => undefined,
      ),
  );
}

function askPlayRight(contentId: string): Promise<PlayRightData> {
  return call(callRoutes.findVideoPlayRight, { contentId });
}

/** How long a play-right reply asked for ahead is kept for a click. */
const ASKED_AHEAD_FOR_MS = 15_000;

/**
 * Asks for the play right while a play link is aimed at, for titles whose right starts nothing
 * when granted (FREE and AVOD: no rental clock, no entitlement): the click then goes straight to
 * the stream. A rental's link never asks ahead, since granting its first play starts its 48 h.
 * Kept 15 s; nothing happens while a clicked stream is warming.
 */
export function askPlayRightAhead(contentId: string): void {
  if (!contentId || warm?.contentId === contentId || warm?.hls) return;
  drop();
  const entry: Warm = {
    contentId,
    right: askPlayRight(contentId),
    timer: setTimeout(drop, ASKED_AHEAD_FOR_MS),
  };
  entry.right!.then(
    (data) => {
      entry.answered = data;
    },
    () => {
      if (warm === entry) drop();
    },
  );
  warm = entry;
}

/**
 * The page change waits this long at most for a warmed stream's first fragment: rendering the next
 * page takes the main thread for a while, and the playlists and the first fragment should not wait
 * behind it (first-frame benchmark: 1.56× → 1.4× the bare hls.js page).
 */
export const NAVIGATE_WAIT_MS = 150;

/** Resolves when `started` does (or fails), or after `ms`, whichever comes first. */
function startedOrAfter(started: Promise<void>, ms: number): Promise<void> {
  const wait = new Promise<void>((resolve) => setTimeout(resolve, ms));
  return Promise.race([started.catch(() => undefined), wait]);
}

/** Resolves when a warm start's first fragment is in, or NAVIGATE_WAIT_MS have passed. */
export function firstFragmentOrSoon(loading: Promise<void>): Promise<void> {
  return startedOrAfter(loading, NAVIGATE_WAIT_MS);
}

/**
 * The same for a stream whose URL the page already holds (a live channel whose switch-channel
 * reply came while the pointer rested on it; a programme's start over, from `startPosition`
 * seconds of its EVENT playlist): at the click hls.js starts loading it, and the
 * player the page then renders for that URL takes it (takeWarmStart). With a place, the stream
 * plays there at once, over the player being left (whose sound stops), and this resolves at its
 * first frame; without, hidden, at its first fragment.
 */
export function warmStream(videoUrl: string, place?: WarmPlace, startPosition = -1): Promise<void> {
  drop();
  const entry: Warm = { contentId: '', timer: setTimeout(drop, WARM_FOR_MS) };
  warm = entry;
  if (place?.leaving) for (const left of place.leaving.querySelectorAll('video')) left.muted = true;
  return makeWarmHls(entry, startPosition).then(
    (made) => {
      if (!made) return;
      if (warm !== entry) return made.instance.destroy();
      return startWarm(entry, made, videoUrl, place);
    },
    () => undefined,
  );
}

/**
 * The page change after a click that starts a stream where its player will be (another live
 * channel, a title from its play link) waits this long at most for the stream's first frame:
 * rendering the next view first would hold the playlists, the fragment and its decoding behind a
 * render (channel-change and first-frame benchmarks, ADR 0024 and 0027).
 */
export const SHOWN_WAIT_MS = 400;

/** Resolves at a shown warm start's first frame, or after SHOWN_WAIT_MS. */
export function firstFrameOrSoon(showing: Promise<void>): Promise<void> {
  return startedOrAfter(showing, SHOWN_WAIT_MS);
}

/**
 * Drops the warmed start of this title if no player took it: the page that would have played it
 * is gone (a click on another title's link has started that one instead, and stays).
 */
export function dropWarmStart(contentId: string): void {
  if (warm?.hls && warm.contentId === contentId) drop();
}

/** The play-right reply asked for at the click on a link to this title, if one was. */
export function warmPlayRight(contentId: string): Promise<PlayRightData> | undefined {
  return contentId && warm?.contentId === contentId ? warm.right : undefined;
}

/** The same, when it has already come: the page's first render can show the player. */
export function answeredPlayRight(contentId: string): PlayRightData | undefined {
  return contentId && warm?.contentId === contentId ? warm.answered : undefined;
}

/**
 * The warmed start of this stream (its <video> and hls.js), for a player starting at the
 * beginning (or where the warm start began); the player owns both from here. Undefined when
 * none is warm, or when the player starts elsewhere (a member's resume point).
 */
export function takeWarmStart(
  src: string,
  startPosition: number,
): { video: HTMLVideoElement; hls: HlsType } | undefined {
  const held = warm?.hls;
  if (!warm || !held) return undefined;
  // A player starting anything else means the warmed stream is not wanted: it goes at once (it
  // may be on screen).
  if (held.src !== src || (startPosition > 0 && startPosition !== held.startPosition)) {
    drop();
    return undefined;
  }
  held.release();
  // The reply stays readable until the entry times out (the page may render again).
  warm.hls = undefined;
  held.video.removeAttribute('style');
  held.video.removeAttribute('aria-hidden');
  held.video.tabIndex = 0;
  return { video: held.video, hls: held.instance };
}

/** The content id a play-page link opens, or undefined for any other link. */
export function contentIdOfPlayLink(to: string): string | undefined {
  const match = /^\/play\/([^/?#]+)/.exec(to);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}
