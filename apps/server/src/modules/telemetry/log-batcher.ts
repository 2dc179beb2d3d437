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
    this.#timer = undefined;
    await this.#drain();
  }

  #flushSoon(delayMs: number): void {
    if (this.#timer !== undefined && delayMs > 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#drain();
    }, delayMs);
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
