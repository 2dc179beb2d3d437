import {
  QOE_BATCH_MAX,
  QOE_WATCH_MAX_MS,
  qoeCalls,
  type PlayType,
  type QoeReport,
} from '@site/contract';
import { sendLogBeacon } from '../../api/beacon';

/** How often the reports of the sessions playing go out (and on pagehide). */
export const QOE_SEND_EVERY_MS = 30_000;

/**
 * What one player session did, measured from its <video>'s events (docs/adr/0055): start time
 * (the play request → the first 'playing'), stalls ('waiting' after the first frame, not while
 * seeking, until 'playing'), watch time (first frame on, stalls included, pauses not), bitrate
 * switches (hls.js LEVEL_SWITCHED after the first frame), errors retried and the fatal one.
 * `take` answers what happened since the last take: each report is a delta the server adds up.
 * Counting only: nothing here waits or touches the media.
 */
export class QoeSession {
  #requestedAt: number | undefined;
  #started = false;
  #startMs: number | null = null;
  #firstFrame = false;
  #watchingSince: number | undefined;
  #stallingSince: number | undefined;
  #seeking = false;
  #watchMs = 0;
  #stallMs = 0;
  #stallCount = 0;
  #switches = 0;
  #errors: number[] = [];
  #fatal: number | null = null;
  #lastError: number | undefined;
  #done = false;

  constructor(
    readonly contentId: string,
    readonly playType: PlayType,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The viewer asked to play (the player mounted to play, or play was pressed). */
  requested(): void {
    if (this.#requestedAt !== undefined || this.#done) return;
    this.#requestedAt = this.now();
    this.#started = true;
  }

  playing(): void {
    if (this.#done) return;
    const now = this.now();
    if (!this.#firstFrame) {
      this.#firstFrame = true;
      if (this.#requestedAt === undefined) this.requested();
      this.#startMs = Math.min(Math.round(now - this.#requestedAt!), 120_000);
    }
    this.#endStall(now);
    this.#watchingSince ??= now;
  }

  waiting(): void {
    if (this.#done || !this.#firstFrame || this.#seeking || this.#stallingSince !== undefined)
      return;
    this.#stallingSince = this.now();
    this.#stallCount += 1;
  }

  seeking(seeking: boolean): void {
    this.#seeking = seeking;
    // Waiting for a seek's data is the viewer's doing, not a stall.
    if (seeking) this.#endStall(this.now(), false);
  }

  paused(): void {
    const now = this.now();
    this.#endStall(now);
    this.#stopWatching(now);
  }

  levelSwitched(): void {
    if (this.#firstFrame && !this.#done) this.#switches += 1;
  }

  /** An error the player counted (it retries it, or gives up on it: then `gaveUp` follows). */
  error(code: number): void {
    if (this.#done) return;
    this.#lastError = code;
    if (this.#errors.length < 11) this.#errors.push(code);
  }

  /**
   * The player gave up (SPEC §4: after 10 retries; or the browser cannot play the stream):
   * the last error counted, or `code`, is the session's fatal one, not one retried.
   */
  gaveUp(code?: number): void {
    if (this.#done) return;
    if (code === undefined && this.#lastError !== undefined) {
      const at = this.#errors.lastIndexOf(this.#lastError);
      if (at >= 0) this.#errors.splice(at, 1);
    }
    this.#fatal = code ?? this.#lastError ?? 0;
    this.paused();
    this.#done = true;
  }

  /** The session ends (the player goes away): what is left goes in the last report. */
  end(): void {
    this.paused();
    this.#done = true;
  }

  /** What happened since the last take; null when nothing did. */
  take(): QoeReport | null {
    const now = this.now();
    if (this.#stallingSince !== undefined) {
      this.#stallMs += now - this.#stallingSince;
      this.#stallingSince = now;
    }
    if (this.#watchingSince !== undefined) {
      this.#watchMs += now - this.#watchingSince;
      this.#watchingSince = now;
    }
    const report: QoeReport = {
      contentID: this.contentId,
      playType: this.playType,
      started: this.#started,
      startMs: this.#startMs,
      watchMs: Math.min(Math.round(this.#watchMs), QOE_WATCH_MAX_MS),
      stallMs: Math.min(Math.round(this.#stallMs), QOE_WATCH_MAX_MS),
      stallCount: Math.min(this.#stallCount, 1000),
      bitrateSwitches: Math.min(this.#switches, 1000),
      fatalCode: this.#fatal,
      errorCodes: this.#errors,
    };
    const empty =
      !report.started &&
      report.startMs === null &&
      report.watchMs === 0 &&
      report.stallCount === 0 &&
      report.stallMs === 0 &&
      report.bitrateSwitches === 0 &&
      report.fatalCode === null &&
      this.#errors.length === 0;
    this.#started = false;
    this.#startMs = null;
    this.#watchMs = 0;
    this.#stallMs = 0;
    this.#stallCount = 0;
    this.#switches = 0;
    this.#errors = [];
    this.#fatal = null;
    return empty ? null : report;
  }

  get ended(): boolean {
    return this.#done;
  }

  #endStall(now: number, counted = true): void {
    if (this.#stallingSince === undefined) return;
    if (counted) this.#stallMs += now - this.#stallingSince;
    else this.#stallCount -= 1;
    this.#stallingSince = undefined;
  }

  #stopWatching(now: number): void {
    if (this.#watchingSince === undefined) return;
    this.#watchMs += now - this.#watchingSince;
    this.#watchingSince = undefined;
  }
}

/** Sends reports as beacons of at most QOE_BATCH_MAX (POST /sas/InsertQoE). */
export type QoeSend = (reports: QoeReport[]) => void;

export const sendQoeBeacon: QoeSend = (reports) => {
  for (let i = 0; i < reports.length; i += QOE_BATCH_MAX) {
    sendLogBeacon(
      qoeCalls.insertQoE,
      JSON.stringify({ reports: reports.slice(i, i + QOE_BATCH_MAX) }),
    );
  }
};

/**
 * The page's reporter: the sessions playing, whose reports go out together every 30 s and when
 * the page is hidden or left (pagehide; a beacon survives it). Sessions that ended go out with
 * the next send and are forgotten.
 */
export class QoeReporter {
  #sessions = new Set<QoeSession>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly send: QoeSend = sendQoeBeacon) {}

  add(session: QoeSession): void {
    this.#sessions.add(session);
    if (this.#timer === undefined && typeof window !== 'undefined') {
      this.#timer = setInterval(() => this.flush(), QOE_SEND_EVERY_MS);
      window.addEventListener('pagehide', this.#onLeave);
      document.addEventListener('visibilitychange', this.#onHide);
    }
  }

  flush(): void {
    const reports: QoeReport[] = [];
    for (const session of this.#sessions) {
      const report = session.take();
      if (report) reports.push(report);
      if (session.ended) this.#sessions.delete(session);
    }
    if (reports.length > 0) this.send(reports);
    if (this.#sessions.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      window.removeEventListener('pagehide', this.#onLeave);
      document.removeEventListener('visibilitychange', this.#onHide);
    }
  }

  #onLeave = () => this.flush();
  #onHide = () => {
    if (document.visibilityState === 'hidden') this.flush();
  };
}

/** The one reporter of the page. */
export const qoeReporter = new QoeReporter();
