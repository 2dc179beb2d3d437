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
  /** Orders and payments (docs/adr/0021). */
  NOT_FOR_SALE: { http: 400, message: '這個項目目前沒有提供此種購買方式。' },
  ALREADY_ENTITLED: { http: 409, message: '您已經擁有這部影片的觀看權，可以直接觀看。' },
  INSUFFICIENT_BALANCE: { http: 409, message: '儲值金餘額不足，請改用信用卡付款。' },
  PAYMENT_SIGNATURE_INVALID: { http: 401, message: '付款通知驗證失敗。' },
  PAYMENT_AMOUNT_MISMATCH: { http: 409, message: '付款金額與訂單金額不符。' },
  /** Voucher serials (docs/adr/0020): an unknown serial and another member's answer alike. */
  VOUCHER_INVALID: { http: 404, message: '序號不正確或已被使用，請確認後再試。' },
  VOUCHER_REDEEMED: { http: 409, message: '您已兌換過這組序號。' },
  VOUCHER_EXPIRED: {
    http: 409,
    message: '這組序號已超過兌換期限，逾期未兌換視同放棄，無法再兌換。',
  },
  VOUCHER_CHOICE_REQUIRED: { http: 400, message: '請從這組序號可兌換的影片中選擇一部。' },
  /** Voucher batches (docs/adr/0045). */
  VOUCHER_VOIDED: {
    http: 409,
    message: '這組序號已停用，無法兌換。如有疑問，請洽購買的通路或客服。',
  },
  VOUCHER_BATCH_EXPORTED: {
    http: 409,
    message: '這批序號已經匯出過。再次匯出會以「重新匯出」記錄在稽核紀錄中，請確認後再匯出。',
  },
  VOUCHER_SERIAL_REDEEMED: {
    http: 409,
    message: '這組序號已經被兌換，已兌換的權益不受影響，無法作廢。',
  },
  VOUCHER_SERIAL_VOIDED: { http: 409, message: '這組序號已經作廢。' },
  VOUCHER_BATCH_VOIDED: { http: 409, message: '這批序號已經整批作廢。' },
  /** Schedules in the console (docs/adr/0048). */
  PROGRAMME_OVERLAP: { http: 409, message: '這個時段已有其他節目，節目時間不可重疊。' },
  PROGRAMME_AIRED: {
    http: 409,
    message: '這個節目已經播出，不能再修改或刪除（回看已提供給觀眾）。',
  },
  PROGRAMME_ON_AIR: {
    http: 409,
    message: '這個節目正在播出，只能修改結束時間，且不可早於現在。',
  },
  PROGRAMME_IN_PAST: { http: 409, message: '不能在已經過去的時間新增節目。' },
  XMLTV_REFUSED: { http: 400, message: '這個 XMLTV 檔案無法匯入，排程沒有任何變更。' },
  SCHEDULE_CHANGED: {
    http: 409,
    message: '預覽之後排程已經有變更，請重新預覽後再套用。',
  },
  /** Prize draws (docs/adr/0026). */
  DRAW_NOT_OPEN: { http: 409, message: '目前不在抽獎時間內。' },
  DRAW_ALREADY: { http: 409, message: '您已經抽過這個紅包了。' },
  /** An activity for members with a monthly service (docs/adr/0049). */
  DRAW_NOT_ELIGIBLE: { http: 403, message: '這個抽獎活動限有月租服務的會員參加。' },
  /** Console changes a running or ended activity cannot take (docs/adr/0049). */
  DRAW_ACTIVITY_ENDED: { http: 409, message: '這個抽獎活動已經結束，只能查看，不能修改。' },
  DRAW_ACTIVITY_STARTED: {
    http: 409,
    message: '這個抽獎活動已經開始，不能刪除；可以提早結束（把結束時間改為現在）。',
  },
  /** Uploaded media refused before transcoding (modules/ingest/probe.ts, docs/adr/0037). */
  INGEST_EMPTY_FILE: { http: 400, message: '上傳的檔案是空的（0 位元組），請重新上傳。' },
  INGEST_NOT_MEDIA: {
    http: 415,
    message: '無法辨識上傳的檔案，它不是影音檔或已經損壞，請確認檔案後再試。',
  },
  INGEST_NO_VIDEO: { http: 415, message: '上傳的檔案沒有影像，只有聲音或字幕，無法製作影片。' },
  INGEST_BAD_SUBTITLES: { http: 400, message: '字幕檔格式不正確，請上傳 SRT 格式的字幕。' },
  /** A password-reset link used, expired, replaced by a newer one, or never sent (issue 23). */
  RESET_LINK_INVALID: {
    http: 410,
    message: '這個重設密碼連結已失效（已使用、逾時或已有較新的連結），請重新申請。',
  },
  /** A sign-up confirmation link used, expired, replaced by a newer one, or never sent (docs/adr/0044). */
  SIGNUP_LINK_INVALID: {
    http: 410,
    message: '這個註冊確認連結已失效（已使用、逾時或已有較新的連結），請重新註冊。',
  },
  /** A wrong SMS sign-up code; after too many, or after 30 minutes, SIGNUP_CODE_EXPIRED. */
  SIGNUP_CODE_INVALID: { http: 400, message: '驗證碼不正確，請確認簡訊中的 6 位數驗證碼。' },
  SIGNUP_CODE_EXPIRED: {
    http: 410,
    message: '驗證碼已失效（輸入錯誤太多次、逾時或已有較新的驗證碼），請重新註冊取得新的驗證碼。',
  },
  /** The operator console (issue 22, docs/adr/0036). */
  STAFF_NOT_SIGNED_IN: { http: 401, message: '請先登入營運後台。' },
  STAFF_FORBIDDEN: { http: 403, message: '您的角色不能使用這項功能。' },
  STAFF_SIGN_IN_FAILED: { http: 401, message: '電子郵件或密碼不正確。' },
  STAFF_CODE_INVALID: {
    http: 401,
    message: '驗證碼不正確或已使用過，請輸入驗證器上的新驗證碼。',
  },
  STALE_EDIT: {
    http: 409,
    message: '這筆資料在您編輯時已被其他人修改，請查看變更後再送出。',
  },
  /** Registered devices and concurrent streams (issue 23, docs/adr/0042). */
  DEVICE_LIMIT: {
    http: 409,
    message: '這個帳號登錄的裝置已達上限，請先移除一部不再使用的裝置。',
  },
  STREAM_LIMIT: {
    http: 409,
    message: '這個帳號同時播放的裝置已達上限，請先停止其中一部裝置的播放。',
  },
  STREAM_STOPPED: {
    http: 409,
    message: '這部裝置的播放已由同帳號的另一部裝置停止。',
  },
  HEADERS_TOO_LARGE: { http: 431, message: '請求標頭太大，請清除本站的 Cookie 後再試。' },
  INTERNAL: { http: 500, message: '系統暫時發生問題，請稍後再試。' },
  UNAVAILABLE: { http: 503, message: '服務暫時無法使用，請稍後再試。' },
} as const satisfies Record<string, { http: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
