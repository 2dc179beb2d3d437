import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLoginInfo } from '../../api/session';
import { preloadPage } from '../../routing/page-preload';
import { preloadHls } from './load-hls';
import { playPagePlace } from './play-page-place';
import {
  askPlayRightAhead,
  contentIdOfPlayLink,
  firstFragmentOrSoon,
  firstFrameOrSoon,
  prepareHls,
  warmPlayback,
} from './prewarm';

/**
 * Fetches what playing needs before the click: hls.js and the code of the page the link opens.
 * For onPointerEnter/onFocus of play controls; a failed preload is retried on real use.
 */
export function preloadPlayback(to?: string, askAhead = false): void {
  preloadHls();
  prepareHls();
  if (!to) return;
  preloadPage(new URL(to, window.location.href).pathname).catch(() => undefined);
  if (askAhead) askPlayRightAhead(contentIdOfPlayLink(to) ?? '');
}

/** A click that follows the link here (not into a new tab or window). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * At the click on a link to a play page: the play right and the stream start loading
 * (prewarm.ts). When the play page will start from the beginning (`fromStart`), the stream plays
 * at once where the play page's player will be, and this resolves at its first frame (or after
 * SHOWN_WAIT_MS); otherwise it loads out of sight and this resolves once the first fragment is in
 * (or after NAVIGATE_WAIT_MS). Undefined when nothing starts (a click into a new tab, a link that
 * is not a play page).
 */
export function startPlayback(
  to: string,
  event?: MouseEvent,
  fromStart = false,
): Promise<void> | undefined {
  const contentId = contentIdOfPlayLink(to);
  if (!contentId || (event && !isPlainClick(event))) return undefined;
  const place = fromStart ? playPagePlace() : undefined;
  if (place) return firstFrameOrSoon(warmPlayback(contentId, place));
  return firstFragmentOrSoon(warmPlayback(contentId));
}

/**
 * A link to a play page that starts fetching the player as soon as it is aimed at, and the
 * stream itself at the click (prewarm.ts).
 */
export function PlayLink({
  to,
  className,
  label,
  askAhead = false,
  startsAt,
  children,
}: {
  to: string;
  className?: string;
  /** An accessible name when the visible text alone does not say what plays. */
  label?: string;
  /**
   * The title is FREE or AVOD, so a visitor's play right may be asked for while the link is aimed
   * at (granting it starts nothing; prewarm.ts askPlayRightAhead). Never for a rental, nor for a
   * member, whose granted play takes the device's stream lease (docs/adr/0042): a hover would
   * stop what the device is playing and hold one of the account's streams.
   */
  askAhead?: boolean;
  /**
   * Where the play page will start, when the link knows (the details page's 播放 or resume
   * button). A visitor always starts at the beginning (no resume points).
   */
  startsAt?: number;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const login = useLoginInfo();
  const visitor = login.data !== undefined && login.data.isLogin !== 'Y';
  const fromStart = startsAt === undefined ? visitor : startsAt <= 0;
  const preload = () => preloadPlayback(to, askAhead && visitor);
  return (
    <Link
      to={to}
      className={className}
      aria-label={label}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        if (event.defaultPrevented) return;
        const starting = startPlayback(to, event, fromStart);
        if (!starting) return;
        // The page follows once the stream has started (startPlayback).
        event.preventDefault();
        void starting.then(() => navigate(to));
      }}
    >
      {children}
    </Link>
  );
}
