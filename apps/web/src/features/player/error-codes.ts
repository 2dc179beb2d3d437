import { t } from '../../i18n/zh-TW';

/** SPEC §8: player error codes 1–5 have texts; anything else is the unknown error. */
export const UNKNOWN_PLAYER_ERROR = 0;
export const MEDIA_ERR_ABORTED = 1;
export const MEDIA_ERR_NETWORK = 2;
export const MEDIA_ERR_DECODE = 3;
export const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;
export const MEDIA_ERR_ENCRYPTED = 5;

/** The spec's English text for a player error code (DESIGN §4: these stay in English). */
export function playerErrorText(code: number): string {
  const texts: Record<number, string> = t.player.errorTexts;
  return texts[code] ?? t.player.unknownError;
}

/** A media element's MediaError.code (1–4 in browsers, 5 in older EME drafts) as a spec code. */
export function codeOfMediaError(code: number | undefined): number {
  return code !== undefined && code >= MEDIA_ERR_ABORTED && code <= MEDIA_ERR_ENCRYPTED
    ? code
    : UNKNOWN_PLAYER_ERROR;
}

/** What hls.js says about a fatal error (ErrorData's type, details and the HTTP status if any). */
export interface HlsErrorFacts {
  type: string;
  details: string;
  httpStatus?: number | undefined;
}

const UNAVAILABLE_DETAILS = new Set([
  'manifestParsingError',
  'manifestIncompatibleCodecsError',
  'levelEmptyError',
]);

/**
 * hls.js errors in the media element's terms: keys and key systems → encrypted; a playlist that
 * is missing, refused or unusable → unavailable or unsupported; other network failures →
 * connection lost; demuxing and buffering failures → bad format; the rest unknown.
 */
export function codeOfHlsError({ type, details, httpStatus }: HlsErrorFacts): number {
  if (type === 'keySystemError' || details.startsWith('keyLoad') || details.startsWith('keySystem'))
    return MEDIA_ERR_ENCRYPTED;
  if (UNAVAILABLE_DETAILS.has(details)) return MEDIA_ERR_SRC_NOT_SUPPORTED;
  if (type === 'networkError') {
    const refused = httpStatus === 401 || httpStatus === 403 || httpStatus === 404;
    return details === 'manifestLoadError' && refused
      ? MEDIA_ERR_SRC_NOT_SUPPORTED
      : MEDIA_ERR_NETWORK;
  }
  if (type === 'mediaError' || type === 'muxError') return MEDIA_ERR_DECODE;
  return UNKNOWN_PLAYER_ERROR;
}
