import type { Config } from '../../config.js';

/** The ingest module's settings, from the server's config (config.ts INGEST_*). */
export interface IngestSettings {
  ffmpeg: string;
  ffprobe: string;
  preset: string;
  mediaDir: string;
  keysDir: string;
  concurrency: number;
  shortSeconds: number;
  leaseMs: number;
  maxAttempts: number;
  retryMs: number;
  pollMs: number;
  /** Where uploads are kept; a source under it is removed once its job is done or cancelled. */
  uploadDir: string | null;
}

export function ingestSettings(config: Config): IngestSettings {
  return {
    ffmpeg: config.FFMPEG_PATH,
    ffprobe: config.FFPROBE_PATH,
    preset: config.INGEST_X264_PRESET,
    mediaDir: config.MEDIA_DIR,
    keysDir: config.CONTENT_KEYS_DIR,
    concurrency: config.INGEST_CONCURRENCY,
    shortSeconds: config.INGEST_SHORT_SECONDS,
    leaseMs: config.INGEST_LEASE_SECONDS * 1000,
    maxAttempts: config.INGEST_MAX_ATTEMPTS,
    retryMs: config.INGEST_RETRY_SECONDS * 1000,
    pollMs: config.INGEST_POLL_MS,
    uploadDir: config.INGEST_UPLOAD_DIR,
  };
}
