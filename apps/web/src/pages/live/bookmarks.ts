import { LIVE_ENDED_CODE } from '@site/contract';
import { ApiError } from '../../api/client';
import { stoppedMessageOf } from '../../features/devices/refusal';

/** SPEC §9: a bookmark every 30 s while playing. */
export const BOOKMARK_INTERVAL_MS = 30_000;

export type BookmarkReason = 'interval' | 'pause' | 'error';

export interface BookmarkApi {
  /** ajaxGetLiveBookmark.do: the bookmark id (data.bookmark_id) of this play. */
  get(channelId: string, playId: string): Promise<string>;
  /** ajaxInsertLiveBookmark.do; with the play's streamId it renews its lease (docs/adr/0042). */
  insert(
    channelId: string,
    bookmarkId: string,
    reason: BookmarkReason,
    streamId?: string,
  ): Promise<void>;
}

/** A member's play holds a stream lease, which its bookmarks renew (docs/adr/0042). */
export interface BookmarkLease {
  /** The switch-channel reply's streamId. */
  streamId?: string | undefined;
  /** An insert was refused with STREAM_STOPPED (another device stopped this play): its words. */
  onStopped?: (message: string) => void;
}

/** 22 random base64url characters (crypto.getRandomValues works on http pages too). */
function newPlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Live bookmarks (SPEC §7): one get on the first play, then an insert every 30 s while playing,
 * on pause and on error. A reply with code 480 means the live event has ended (SPEC §4, §8):
 * `onEnded` is called once with the server's message and nothing more is sent; so is
 * `lease.onStopped` when another device stopped this play (STREAM_STOPPED). Other failures are
 * quiet (SPEC §8: failed background calls do nothing).
 */
export class LiveBookmarker {
  /**
   * This play's id, drawn once: every get of it (a retry after a failure included) names the same
   * play, so the server keeps one bookmark for it however often it is asked (docs/adr/0025).
   */
  readonly playId = newPlayId();
  private bookmarkId: string | undefined;
  private asking: Promise<string | undefined> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private ended = false;
  private disposed = false;

  constructor(
    private readonly channelId: string,
    private readonly api: BookmarkApi,
    private readonly onEnded: (message: string) => void,
    private readonly lease: BookmarkLease = {},
  ) {}

  playing(): void {
    if (this.ended || this.disposed) return;
    void this.ensureId();
    if (this.interval === undefined) {
      this.interval = setInterval(() => this.insert('interval'), BOOKMARK_INTERVAL_MS);
    }
  }

  paused(): void {
    this.stopInterval();
    this.insert('pause');
  }

  failed(): void {
    this.stopInterval();
    this.insert('error');
  }

  dispose(): void {
    this.disposed = true;
    this.stopInterval();
  }

  private stopInterval(): void {
    clearInterval(this.interval);
    this.interval = undefined;
  }

  private ensureId(): Promise<string | undefined> {
    if (this.bookmarkId) return Promise.resolve(this.bookmarkId);
    this.asking ??= this.api.get(this.channelId, this.playId).then(
      (id) => {
        this.bookmarkId = id;
        return id;
      },
      (error: unknown) => {
        this.asking = undefined;
        this.check(error);
        return undefined;
      },
    );
    return this.asking;
  }

  private insert(reason: BookmarkReason): void {
    if (this.ended || this.disposed) return;
    void this.ensureId().then((id) => {
      if (!id || this.ended) return;
      this.api
        .insert(this.channelId, id, reason, this.lease.streamId)
        .catch((error: unknown) => this.check(error));
    });
  }

  private check(error: unknown): void {
    if (this.ended || !(error instanceof ApiError)) return;
    const stopped = stoppedMessageOf(error);
    if (error.code !== LIVE_ENDED_CODE && stopped === undefined) return;
    this.ended = true;
    this.stopInterval();
    if (this.disposed) return;
    if (stopped === undefined) this.onEnded(error.message);
    else this.lease.onStopped?.(stopped);
  }
}
