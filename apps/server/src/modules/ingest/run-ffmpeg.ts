import { spawn } from 'node:child_process';
import { ProgressParser } from './progress.js';

/** How much of ffmpeg's own messages a job keeps (the end holds the reason it failed). */
const STDERR_TAIL = 4000;

export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

/** Thrown when the job's signal aborts the run (cancel, shutdown, a lost lease). */
export class AbortedError extends Error {
  override name = 'AbortedError';
}

/**
 * Runs ffmpeg with an argument array (spawned directly, no shell), reporting progress from
 * `-progress pipe:1` as a fraction of `durationSeconds`. The signal kills it at once (SIGKILL:
 * whatever it wrote is thrown away by the caller, so there is nothing to finish cleanly).
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: {
    durationSeconds: number;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<{ stderrTail: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new AbortedError('aborted before start'));
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const parser = new ProgressParser(options.durationSeconds, (f) => options.onProgress?.(f));
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => parser.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(new Error(`cannot run ${ffmpeg}: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) return reject(new AbortedError('ffmpeg stopped'));
      if (code === 0) return resolve({ stderrTail: stderr });
      const last = stderr.trim().split('\n').pop() ?? '';
      reject(new FfmpegError(`ffmpeg exited ${code ?? signal}: ${last}`, stderr));
    });
  });
}
