/**
 * The server's error catalogue (SPEC §8 leaves the server's own codes open; docs/adr/0003).
 * `code` travels as status.code, `http` as the HTTP status, `message` is shown to people verbatim.
 */
export const errorCatalogue = {
  BAD_INPUT: { http: 400, message: '輸入的資料格式不正確，請確認後再試一次。' },
  BAD_URL: { http: 400, message: '網址格式不正確，請確認網址後再試一次。' },
  NOT_LOGGED_IN: { http: 401, message: '您未登入' },
  CLIENT_REJECTED: { http: 401, message: '應用程式驗證失敗，請更新 App 或校正裝置時間後再試。' },
  FORBIDDEN: { http: 403, message: '您沒有權限進行這項操作。' },
  CSRF_REJECTED: { http: 403, message: '頁面已逾時，請重新整理頁面後再試。' },
  NOT_FOUND: { http: 404, message: '找不到您要的資料。' },
  ROUTE_NOT_FOUND: { http: 404, message: '找不到這個網址。' },
  METHOD_NOT_ALLOWED: { http: 405, message: '這個網址不接受此種請求方式。' },
  CONFLICT: { http: 409, message: '資料已經變更，請重新整理後再試。' },
  REQUEST_TIMEOUT: { http: 408, message: '連線逾時，請稍後再試。' },
  PAYLOAD_TOO_LARGE: { http: 413, message: '送出的資料太大。' },
  URI_TOO_LONG: { http: 414, message: '網址太長，請縮短搜尋文字或條件後再試。' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, message: '不支援送出的資料格式。' },
  TOO_MANY_REQUESTS: { http: 429, message: '操作太頻繁，請稍候再試。' },
  /** The kid PIN after too many wrong tries: only the owner's password lifts it (ADR 0017). */
  KID_PIN_LOCKED: {
    http: 403,
    message: 'PIN 碼錯誤次數過多，已暫停使用。請家長輸入帳號密碼解除鎖定。',
  },
  HEADERS_TOO_LARGE: { http: 431, message: '請求標頭太大，請清除本站的 Cookie 後再試。' },
  INTERNAL: { http: 500, message: '系統暫時發生問題，請稍後再試。' },
  UNAVAILABLE: { http: 503, message: '服務暫時無法使用，請稍後再試。' },
} as const satisfies Record<string, { http: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
