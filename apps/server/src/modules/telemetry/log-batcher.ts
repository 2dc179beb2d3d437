import { AppError } from '../../http/errors.js';

export interface LogBatcherOptions {
  /** A batch is written once it holds this many rows… */
  maxRows: number;
  /** …or this long after its first row arrived, whichever comes first. */
  maxDelayMs: number;
  /** Rows waiting beyond this are refused (503) rather than held: the database is behind. */
  maxQueued: number;
}

interface Pending<Row> {
  row: Row;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Collects log rows for up to `maxDelayMs` (or `maxRows`) and writes them with one statement, so
 * a burst of beacons costs the database a few inserts rather than one transaction each. Each
 * caller is answered once its row is committed (or its batch failed); one batch is written at a
 * time, and rows arriving meanwhile form the next.
 */
export class LogBatcher<Row> {
  #queue: Pending<Row>[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #immediate: ReturnType<typeof setImmediate> | undefined;
  #writing: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly write: (rows: Row[]) => Promise<void>,
    private readonly options: LogBatcherOptions,
  ) {}

  add(row: Row): Promise<void> {
    if (this.#closed) return Promise.reject(new AppError('UNAVAILABLE'));
    if (this.#queue.length >= this.options.maxQueued) {
      return Promise.reject(new AppError('UNAVAILABLE'));
    }
    return new Promise((done, failed) => {
      this.#queue.push({ row, done, failed });
      if (this.#queue.length >= this.options.maxRows) this.#flushSoon(0);
      else this.#flushSoon(this.options.maxDelayMs);
    });
  }

  /** Writes what is queued and refuses further rows (the app is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearImmediate(this.#immediate);
    this.#timer = undefined;
    this.#immediate = undefined;
    await this.#drain();
  }

  /**
   * A timer once armed is never pushed back by later rows (rows arriving faster than the delay
   * would otherwise hold a batch until it is full); a delay of 0 writes after this turn's I/O,
   * so a batch is what arrived meanwhile (group commit, as the heartbeats are written).
   */
  #flushSoon(delayMs: number): void {
    if (this.#immediate !== undefined) return;
    if (delayMs > 0) {
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        void this.#drain();
      }, delayMs);
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#immediate = setImmediate(() => {
      this.#immediate = undefined;
      void this.#drain();
    });
  }

  /**
   * Writes batches until the queue is empty (rows that arrive during a write go in the next
   * batch at once: the database is the pace then); a second caller waits for the first.
   */
  async #drain(): Promise<void> {
    while (this.#writing) await this.#writing;
    while (this.#queue.length > 0) {
      this.#writing = this.#writeQueued();
      try {
        await this.#writing;
      } finally {
        this.#writing = undefined;
      }
    }
  }

  async #writeQueued(): Promise<void> {
    const batch = this.#queue.splice(0, this.options.maxRows);
    try {
      await this.write(batch.map((p) => p.row));
      for (const p of batch) p.done();
    } catch (error) {
      for (const p of batch) p.failed(error);
    }
  }
}
