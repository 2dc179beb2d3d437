import fs from 'node:fs/promises';
import path from 'node:path';
import { shiftSegment, trackTimescales, type Track } from './segment-times.js';

/** Rewritten segments kept in memory: the live edge of every channel and variant, and then some. */
const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * A channel's live segments as the origin serves them (docs/adr/0033): a clip's segment file
 * with its decode times moved to the moment its asset started on the channel. Every viewer of a
 * channel asks for the same few segments near the live edge, so each is rewritten once (one file
 * read, one copy, a few bytes patched) and then sent from memory; least recently used ones go
 * when the kept bytes pass the budget. Concurrent first requests share one rewrite.
 */
export class LiveSegments {
  private readonly kept = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly scales = new Map<string, Promise<Map<number, Track>>>();
  private bytes = 0;

  constructor(
    private readonly clipsDir: string,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
  ) {}

  /**
   * Segment `file` of a clip's rendition folder `dir` (init segment `init` beside it), moved to
   * start `at` seconds later, without samples from `end` seconds of the clip on (its nominal
   * length). The caller checked that the names are the asset's own.
   */
  get(
    clipId: string,
    dir: string,
    init: string,
    file: string,
    at: number,
    end: number,
  ): Buffer | Promise<Buffer> {
    const key = `${clipId}/${dir}/${file}@${at}`;
    const hit = this.kept.get(key);
    if (hit !== undefined) {
      // Most recently used last (Map keeps insertion order).
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    let loading = this.pending.get(key);
    if (!loading) {
      loading = this.load(clipId, dir, init, file, at, end).then(
        (body) => {
          this.pending.delete(key);
          this.keep(key, body);
          return body;
        },
        (error: unknown) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, loading);
    }
    return loading;
  }

  private async load(
    clipId: string,
    dir: string,
    init: string,
    file: string,
    at: number,
    end: number,
  ): Promise<Buffer> {
    const folder = path.join(this.clipsDir, clipId, dir);
    const [scales, segment] = await Promise.all([
      this.timescales(path.join(folder, init)),
      fs.readFile(path.join(folder, file)),
    ]);
    return shiftSegment(segment, scales, at, end);
  }

  private timescales(initPath: string): Promise<Map<number, Track>> {
    let scales = this.scales.get(initPath);
    if (!scales) {
      scales = fs.readFile(initPath).then(trackTimescales);
      scales.catch(() => this.scales.delete(initPath));
      this.scales.set(initPath, scales);
    }
    return scales;
  }

  private keep(key: string, body: Buffer): void {
    if (body.length > this.budgetBytes) return;
    this.kept.set(key, body);
    this.bytes += body.length;
    for (const [oldest, old] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(oldest);
      this.bytes -= old.length;
    }
  }
}
