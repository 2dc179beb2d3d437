import { ApiError } from '../../api/client';
import { t } from '../../i18n/zh-TW';

/**
 * What a failed load says: the server's own zh-TW message when it answered with one (ApiError
 * carries it, or our own text when nothing came back), else the generic 資料載入失敗. A raw
 * Error's message (a bug, a parse failure) is never shown: it may be English or technical.
 */
export function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : t.common.loadFailed;
}
