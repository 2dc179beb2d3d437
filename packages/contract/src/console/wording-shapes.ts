/**
 * The site's wording entries as the console edits them (issue 25 item 9, docs/adr/0051): what
 * each one is made of, its placeholders, and the one check both the console (as the marketer
 * types) and the server (before it stores) run, so the two can never disagree.
 *
 * A wording is one text whose parts are separated by `$$` (SPEC §7: Live_Minutes_Wording is
 * '{minutes}$${message}'; the footer, blog, opening page and activity entries use the same form,
 * site-content/entries.ts splits them). A part is a placeholder: `{minutes}` is filled with a
 * number, `{message}` with the prompt. Dropping or adding a `$$` moves every part after it, so
 * the site would read a message as minutes or a link as text: such an edit is refused, naming the
 * placeholder.
 */

export const WORDING_SEPARATOR = '$$';

export type WordingPartKind = 'text' | 'minutes' | 'seconds' | 'link' | 'url' | 'image';

export interface WordingPart {
  /** The placeholder's name: `{minutes}`. */
  readonly name: string;
  readonly label: string;
  readonly kind: WordingPartKind;
  /** May be empty (a footer line without a link keeps its `$$`). */
  readonly optional?: boolean | undefined;
}

/** How the customer site shows an entry: the console's preview draws it the same way. */
export type WordingPreviewKind =
  'liveMinutes' | 'footerLine' | 'blogLink' | 'openingPage' | 'activityEntry' | 'plainText';

export interface WordingShape {
  readonly parts: readonly WordingPart[];
  readonly maxLength: number;
  readonly preview: WordingPreviewKind;
}

export interface KnownWording extends WordingShape {
  readonly code: string;
  readonly group: string;
  readonly label: string;
  /** Where the site shows it. */
  readonly shownAt: string;
  /** The text the site ships with ("revert to default"). */
  readonly defaultText: string;
}

const text = (name: string, label: string): WordingPart => ({ name, label, kind: 'text' });
const link: WordingPart = { name: 'link', label: '連結', kind: 'link', optional: true };

function footer(code: string, label: string, sortText: string): KnownWording {
  return {
    code,
    group: 'FOOTER',
    label,
    shownAt: '每一頁頁尾（ajaxGetFooterData.do）',
    parts: [text('text', '顯示文字'), link],
    maxLength: 100,
    preview: 'footerLine',
    defaultText: sortText,
  };
}

/** Every wording the site reads from its wording table, with the text it ships with. */
export const KNOWN_WORDINGS: readonly KnownWording[] = [
  {
    code: 'Live_Minutes_Wording',
    group: 'LIVE',
    label: '直播免費試看時間與提示',
    shownAt: '直播頁：未登入的訪客看滿分鐘數後暫停並顯示提示（ajaxFindWording.do）',
    parts: [
      { name: 'minutes', label: '免費試看分鐘數', kind: 'minutes' },
      text('message', '提示訊息'),
    ],
    maxLength: 200,
    preview: 'liveMinutes',
    defaultText: '10$$免費試看時間已到，登入會員即可繼續觀看。',
  },
  footer('FOOTER_SERVICE', '頁尾：客服專線', '客服專線 0800-000-123（每日 9:00–21:00）$$'),
  footer('FOOTER_REDEEM', '頁尾：序號兌換', '序號兌換$$/redeem'),
  footer('FOOTER_LIVE', '頁尾：直播節目表', '直播節目表$$/epg/xmltv.xml'),
  footer('FOOTER_COPYRIGHT', '頁尾：版權聲明', '© 星河影音 版權所有$$'),
  {
    code: 'BLOG_INFO',
    group: 'SITE',
    label: '部落格連結',
    shownAt: '每一頁頁尾的部落格連結（ajaxBlogInfo.do）',
    parts: [text('title', '連結文字'), { name: 'url', label: '部落格網址', kind: 'url' }],
    maxLength: 200,
    preview: 'blogLink',
    defaultText: '星河影音部落格：幕後花絮與片單推薦$$https://blog.example.com/starvideo',
  },
  {
    code: 'OPENING_PAGE',
    group: 'SITE',
    label: '開場頁',
    shownAt: 'App 開啟時的開場頁（ajaxFindOpeningPage.do）',
    parts: [
      { name: 'image', label: '圖片', kind: 'image' },
      { ...link, label: '點擊後前往' },
      { name: 'seconds', label: '顯示秒數', kind: 'seconds' },
    ],
    maxLength: 300,
    preview: 'openingPage',
    defaultText: 'images/site/og-default.jpg$$/browse$$3',
  },
  {
    code: 'REGISTER_ACTIVITY',
    group: 'SITE',
    label: '子帳號活動入口',
    shownAt: '子帳號活動入口（ajaxFindRegisterActivityEntry.do）',
    parts: [text('title', '入口文字'), { ...link, optional: false }],
    maxLength: 200,
    preview: 'activityEntry',
    defaultText: '邀請家人建立子帳號，全家一起看$$/account/sub-account-event',
  },
  {
    code: 'REDEEM_TERMS',
    group: 'REDEEM',
    label: '序號兌換注意事項',
    shownAt: '以 ajaxFindWording.do?code=REDEEM_TERMS 提供（網頁版的兌換頁目前使用內建文字）',
    parts: [text('text', '注意事項')],
    maxLength: 500,
    preview: 'plainText',
    defaultText: '請勿重複輸入序號；送出後請稍候幾分鐘，以免序號失效。',
  },
];

export function knownWording(code: string): KnownWording | undefined {
  return KNOWN_WORDINGS.find((entry) => entry.code === code);
}

/**
 * The shape of an entry the list above does not know (added by a seed or an import): as many
 * text parts as its current text has, so an edit keeps its `$$` separators all the same.
 */
export function shapeOfText(current: string): WordingShape {
  const count = splitWording(current).length;
  const parts =
    count === 1
      ? [text('text', '文字')]
      : Array.from({ length: count }, (_, i) => ({
          name: `part${i + 1}`,
          label: `第 ${i + 1} 段`,
          kind: 'text' as const,
          optional: i > 0,
        }));
  return { parts, maxLength: 500, preview: 'plainText' };
}

/** '{minutes}$${message}' */
export function wordingTemplate(shape: Pick<WordingShape, 'parts'>): string {
  return shape.parts.map((part) => `{${part.name}}`).join(WORDING_SEPARATOR);
}

/** 'a$$b$$c' → ['a', 'b', 'c'], as the site splits it. */
export function splitWording(wording: string): string[] {
  return wording.split(WORDING_SEPARATOR);
}

/** The `{name}` tokens written in a text (the site never replaces them: they show as typed). */
export function bracedTokens(wording: string): string[] {
  return [...wording.matchAll(/\{([^{}\s]{1,40})\}/g)].map((match) => match[1]!);
}

export interface WordingProblem {
  /** The placeholder it is about (`{minutes}`, `$$`), or '' for the whole text. */
  readonly placeholder: string;
  readonly message: string;
}

const MAX_MINUTES = 1440;
const MAX_SECONDS = 60;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function partFits(part: WordingPart, value: string): boolean {
  return partProblem(part, value) === null;
}

/** What is wrong with one part's value, or null. */
function partProblem(part: WordingPart, value: string): string | null {
  const name = `「{${part.name}}」（${part.label}）`;
  if (value.trim() === '') return part.optional ? null : `${name}不能是空的。`;
  if (value !== value.trim()) return `${name}前後不能有空白。`;
  switch (part.kind) {
    case 'minutes':
      return /^[0-9]{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_MINUTES
        ? null
        : `${name}須為 1 到 ${MAX_MINUTES} 的整數分鐘數。`;
    case 'seconds':
      return /^[0-9]{1,2}$/.test(value) && Number(value) <= MAX_SECONDS
        ? null
        : `${name}須為 0 到 ${MAX_SECONDS} 的整數秒數。`;
    case 'link':
      return isSitePath(value) || isWebAddress(value)
        ? null
        : `${name}須為站內路徑（以 / 開頭）或以 https:// 開頭的網址。`;
    case 'url':
      return isWebAddress(value) ? null : `${name}須為以 https:// 或 http:// 開頭的網址。`;
    case 'image':
      return /^images\/(?!.*\.\.)[A-Za-z0-9_\-./]+\.(jpe?g|png|webp)$/.test(value)
        ? null
        : `${name}須為媒體庫中的圖片路徑，例如 images/site/opening.jpg。`;
    case 'text':
      return null;
  }
}

function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(value);
}

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * Which placeholders a text with too few parts lost: its parts are matched in order to the
 * shape's, each to the first one left that its value fits; those never matched were dropped
 * ('免費試看…' alone lost `{minutes}`, not `{message}`).
 */
function droppedParts(shape: WordingShape, values: string[]): WordingPart[] {
  const dropped: WordingPart[] = [];
  let at = 0;
  for (const [index, part] of shape.parts.entries()) {
    const value = values[at];
    const partsLeft = shape.parts.length - index;
    const valuesLeft = values.length - at;
    if (value !== undefined && (partsLeft === valuesLeft || partFits(part, value))) at += 1;
    else dropped.push(part);
  }
  return dropped;
}

/**
 * Everything wrong with a wording's new text, each naming its placeholder; none: it may be
 * stored. The server refuses with the first; the console shows them all as the marketer types.
 */
export function checkWordingText(shape: WordingShape, wording: string): WordingProblem[] {
  const template = wordingTemplate(shape);
  if (wording.trim() === '') return [{ placeholder: '', message: '請輸入文字內容，不能是空的。' }];
  const length = [...wording].length;
  if (length > shape.maxLength) {
    return [
      {
        placeholder: '',
        message: `文字最多 ${shape.maxLength} 個字（目前 ${length} 個字）。`,
      },
    ];
  }
  if (CONTROL.test(wording)) {
    return [{ placeholder: '', message: '文字不能包含換行或其他控制字元。' }];
  }
  const problems: WordingProblem[] = [];
  const names = new Set(shape.parts.map((part) => part.name));
  for (const token of new Set(bracedTokens(wording))) {
    problems.push({
      placeholder: `{${token}}`,
      message: names.has(token)
        ? `「{${token}}」是代入值的名稱，請直接填入它的值，不要照抄；這段文字的格式是「${template}」。`
        : `多了代入值「{${token}}」：網站不會替換它，會照字面顯示。這段文字的格式是「${template}」。`,
    });
  }
  const values = splitWording(wording);
  const expected = shape.parts.length;
  if (values.length < expected) {
    for (const part of droppedParts(shape, values)) {
      problems.push({
        placeholder: `{${part.name}}`,
        message: `少了代入值「{${part.name}}」（${part.label}）：這段文字須寫成「${template}」，各段以「$$」分隔${part.optional ? '；沒有值時也要保留「$$」' : ''}。`,
      });
    }
    return problems;
  }
  if (values.length > expected) {
    const extra = values.length - expected;
    problems.push({
      placeholder: WORDING_SEPARATOR,
      message: `多了 ${extra} 個「$$」分隔：網站會把多出的部分當成另一個代入值。這段文字須寫成「${template}」，只能有 ${expected - 1} 個「$$」${expected === 1 ? '（這段文字不能含有「$$」）' : ''}。`,
    });
    return problems;
  }
  shape.parts.forEach((part, index) => {
    const problem = partProblem(part, values[index]!);
    if (problem) problems.push({ placeholder: `{${part.name}}`, message: problem });
  });
  return problems;
}

/**
 * Texts SPEC fixes word for word (§3, §4, §8 and §9). The site's code writes them, not the
 * wording table, so nothing in the console can change them; the console lists them so a marketer
 * sees they exist and why they are not editable, and an edit under one of their keys is refused.
 */
export interface FixedText {
  readonly key: string;
  readonly label: string;
  readonly text: string;
  readonly shownAt: string;
  readonly reason: string;
}

const SPEC_REASON = (section: string) =>
  `SPEC ${section} 規定這段文字必須一字不差，由網站程式直接顯示，不經過文字表，因此不能在主控台修改。`;

export const FIXED_TEXTS: readonly FixedText[] = [
  {
    key: 'LIVE_NOT_STARTED',
    label: '頻道尚未開播',
    text: '目前本頻道尚未開播 敬請期待~',
    shownAt: '直播頁：頻道狀態 0 的提示',
    reason: SPEC_REASON('§4'),
  },
  {
    key: 'LIVE_ENDED',
    label: '頻道內容已結束',
    text: '目前頻道內容已結束 暫無內容~',
    shownAt: '直播頁：頻道狀態 9 的提示',
    reason: SPEC_REASON('§4'),
  },
  {
    key: 'LIVE_UNAVAILABLE',
    label: '頻道無法觀看',
    text: '此頻道目前無法觀看，請稍候再試。',
    shownAt: '直播頁：沒有影片來源、不是外部影片也沒有訂閱文字時',
    reason: SPEC_REASON('§8'),
  },
  {
    key: 'LIVE_RELOAD',
    label: '頻道需重新整理',
    text: '此頻道目前無法觀看，請重新整理頁面後再試。',
    shownAt: '直播頁：切換頻道失敗 5 次、播放錯誤 10 次或廣告後無法播放時',
    reason: SPEC_REASON('§8'),
  },
  {
    key: 'LIVE_NOT_ON_PC',
    label: '不能在電腦上觀看',
    text: '本頻道因授權關係無法在此設備(PC)觀看，建議您用手機或平板觀看。',
    shownAt: '直播頁：頻道 allowWeb 為 N 時',
    reason: SPEC_REASON('§8'),
  },
  {
    key: 'DRAW_SLOW',
    label: '抽獎回應失敗',
    text: '網路載入速度緩慢，請稍後再試。',
    shownAt: '直播頁紅包抽獎：回應失敗或是空的',
    reason: SPEC_REASON('§8'),
  },
  {
    key: 'NOT_LOGGED_IN',
    label: '未登入',
    text: '您未登入',
    shownAt: '抽獎與需要登入的動作',
    reason: SPEC_REASON('§8'),
  },
  {
    key: 'LIVE_STRIP',
    label: '直播列標題',
    text: '直播進行中',
    shownAt: '直播頁：正在直播的頻道列',
    reason: SPEC_REASON('§2'),
  },
  {
    key: 'REDEEM_TAB_TITLE',
    label: '兌換頁分頁：單片或月租',
    text: '兌換單片或月租',
    shownAt: '序號兌換頁的第一個分頁',
    reason: SPEC_REASON('§2'),
  },
  {
    key: 'REDEEM_TAB_CREDIT',
    label: '兌換頁分頁：儲值金或看片金',
    text: '儲值金或看片金',
    shownAt: '序號兌換頁的第二個分頁',
    reason: SPEC_REASON('§2'),
  },
  {
    key: 'AD_LABEL',
    label: '廣告標示',
    text: 'Advertisement',
    shownAt: '播放廣告時的標示（預設值）',
    reason: SPEC_REASON('§9'),
  },
];

export function fixedText(key: string): FixedText | undefined {
  return FIXED_TEXTS.find((entry) => entry.key === key);
}
