// autocannon 9 ships no types (@types/autocannon describes 7.x); only what bench/lib/load.ts uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** A run before the measured one whose figures are discarded. */
    warmup?: { connections?: number; duration?: number };
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Requests cycled through by each connection; setupRequest may rewrite each one. */
    requests?: Request[];
  }

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  /** Figures over the per-second samples (requests, throughput) or over requests (latency, ms). */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p97_5: number;
    p99: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    /** Bytes per second. */
    throughput: Histogram;
  }

  interface Instance extends PromiseLike<Result> {
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Options, Result, Histogram, Request };
}
