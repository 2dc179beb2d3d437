import type { DeviceContextData, DeviceType } from '@site/contract';
import Bowser from 'bowser';

/*
 * Which device a request comes from (SPEC §3 deviceType), whether it may play ad-supported
 * titles (SPEC §6 supportAVOD) and how the activity log names it (SPEC §7 userPlatform), worked
 * out from the User-Agent alone.
 *
 * Decision (to become an ADR), first match wins:
 *   1. a crawler                                      → PC (a crawler is nobody's phone, even
 *                                                        Googlebot's smartphone UA; bowser's rule for
 *                                                        Yahoo matches any "yahoo", e.g. the Yahoo
 *                                                        JAPAN app, so only Yahoo! Slurp counts)
 *   2. 'CrKey/' in the UA                             → Chromecast (incl. Chromecast with Google TV,
 *                                                        whose UA also says Android)
 *   3. KaiOS, Windows Phone                           → Handset (their UAs also say Android or
 *                                                        "like iPhone")
 *   4. iOS: iPad → iPad, iPhone/iPod → iPhone, any other Apple device running iOS or tvOS
 *      (Apple TV, a UA naming no device)              → iOS
 *   5. macOS UA that is really an iPad                → iPad. Since iPadOS 13 Safari sends the
 *      desktop-Safari UA; we catch it when the UA still carries a 'Mobile/' token (in-app
 *      browsers) or a browser that only exists on iOS (CriOS, FxiOS, EdgiOS). Limit: plain
 *      iPad Safari sends a UA identical to Safari on a Mac, and the real tell (touch points) is
 *      only visible in the browser, so the server calls that iPad a PC.
 *   6. TVs (Android TV, Fire TV, smart TVs)          → PC
 *   7. Android: what bowser calls a tablet (Android 3+ without a 'Mobile' token) → Tablet,
 *      otherwise → Android
 *   8. any other phone (feature phones, HarmonyOS…) → Handset; any other tablet (Kindle Silk…)
 *      → Tablet; desktops and anything unknown      → PC
 *
 * supportAVOD: 'Y' for every device that is not a PC. On a PC only Chrome, Firefox and
 * Microsoft Edge (Chromium and legacy EdgeHTML) get 'Y', by bowser's browser name; everything
 * else is 'N' — Safari, Opera, IE, Samsung Internet in desktop mode, crawlers, no UA, and also
 * Chromium and the other Chromium-based brands, because SPEC §6 names brands and plain Chromium
 * builds often lack the H.264/AAC codecs ad creatives need.
 *
 * userPlatform: 'Web' for a PC, 'MobileWeb' for everything else.
 */

export interface DeviceContext extends DeviceContextData {
  /** bowser's browser name ('Chrome', 'Safari', …), '' when unknown; for logs only. */
  browser: string;
  /** bowser's OS name ('Windows', 'iOS', …), '' when unknown; for logs only. */
  os: string;
}

const AVOD_PC_BROWSERS = new Set(['Chrome', 'Firefox', 'Microsoft Edge']);

const CHROMECAST = /\bCrKey\//;
const YAHOO_CRAWLER = /slurp/i;
const KAIOS = /\bKAIOS\b/i;
const IPAD = /\biPad/i;
const IPHONE = /\biP(?:hone|od)/i;
/** Apple TV, and iOS-style UAs naming no device: "AppleCoreMedia/… (Apple TV; … CPU OS 16_5 …)". */
const OTHER_IOS = /\bApple ?TV|\btvOS\b|\bCPU OS \d+(?:_\d+)* like Mac OS X/i;
/** On a Macintosh UA these mean iPadOS: Macs have no 'Mobile/' build token and no iOS browsers. */
const IPAD_ON_MAC = /\bMobile\/\w|\b(?:CriOS|FxiOS|EdgiOS)\//;
/** Case-sensitive so the Fire TV model codes (AFTMM, AFTKA…) do not match ordinary words. */
const TV = /Android ?TV|Google ?TV|SMART-?TV|SmartTV|HbbTV|BRAVIA|\bAFT[A-Z]{1,5}\b/;

/** Real UAs are a few hundred characters; anything past this is noise and only costs time. */
const MAX_UA_LENGTH = 1024;
/** bowser falls back to the UA's first word as the browser name, which can be any length. */
const MAX_NAME_LENGTH = 64;

function isCrawler(ua: string, parser: Bowser.Parser.Parser): boolean {
  const platform = parser.getPlatform();
  return platform.type === 'bot' && (platform.vendor !== 'Yahoo' || YAHOO_CRAWLER.test(ua));
}

/** Steps 2–8 of the decision above; crawlers are settled before. */
function deviceTypeOf(ua: string, parser: Bowser.Parser.Parser): DeviceType {
  if (CHROMECAST.test(ua)) return 'Chromecast';
  const platform = parser.getPlatform();
  // Not getOSName(true): bowser lower-cases an unknown OS into the string 'undefined'.
  const os = parser.getOSName();
  if (KAIOS.test(ua) || os === 'Windows Phone') return 'Handset';
  if (os === 'iOS') {
    if (IPAD.test(ua) || platform.type === 'tablet') return 'iPad';
    return IPHONE.test(ua) ? 'iPhone' : 'iOS';
  }
  // bowser only knows iOS by an iPhone, iPod or iPad token; Apple TV's media stack names none.
  if (os === '' && OTHER_IOS.test(ua)) return 'iOS';
  if (os === 'macOS' && IPAD_ON_MAC.test(ua)) return 'iPad';
  if (platform.type === 'tv' || TV.test(ua)) return 'PC';
  if (os === 'Android') return platform.type === 'tablet' ? 'Tablet' : 'Android';
  if (platform.type === 'mobile') return 'Handset';
  if (platform.type === 'tablet') return 'Tablet';
  return 'PC';
}

function contextOf(ua: string): DeviceContext {
  const parser = Bowser.getParser(ua);
  const crawler = isCrawler(ua, parser);
  const deviceType = crawler ? 'PC' : deviceTypeOf(ua, parser);
  const browser = parser.getBrowserName().slice(0, MAX_NAME_LENGTH);
  const isPc = deviceType === 'PC';
  return Object.freeze({
    deviceType,
    supportAVOD: !isPc || (!crawler && AVOD_PC_BROWSERS.has(browser)) ? 'Y' : 'N',
    userPlatform: isPc ? 'Web' : 'MobileWeb',
    browser,
    os: parser.getOSName().slice(0, MAX_NAME_LENGTH),
  });
}

/** No UA at all: nothing to go on, so the most restrictive answer. */
const UNKNOWN: DeviceContext = Object.freeze({
  deviceType: 'PC',
  supportAVOD: 'N',
  userPlatform: 'Web',
  browser: '',
  os: '',
});

/** Contexts by UA, oldest first. Most traffic shares a few hundred UAs, so parsing each once pays. */
const memo = new Map<string, DeviceContext>();
/** Bounded so a client sending a new UA on every request cannot grow it. */
export const DEVICE_MEMO_LIMIT = 500;

/** How many UAs are remembered; for tests and diagnostics. */
export function deviceMemoSize(): number {
  return memo.size;
}

/** The device context of a request's User-Agent header. The result is frozen and shared. */
export function deviceContext(userAgent: string | undefined): DeviceContext {
  const ua = (userAgent ?? '').slice(0, MAX_UA_LENGTH).trim();
  if (ua === '') return UNKNOWN;
  let context = memo.get(ua);
  if (context) return context;
  context = contextOf(ua);
  if (memo.size >= DEVICE_MEMO_LIMIT) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(ua, context);
  return context;
}
