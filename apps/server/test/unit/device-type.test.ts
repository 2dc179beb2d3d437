import { deviceContextSchema, deviceTypes } from '@site/contract';
import type { DeviceContextData, DeviceType } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_MEMO_LIMIT,
  deviceContext,
  deviceMemoSize,
} from '../../src/modules/device/device-type.js';

/** Real User-Agent strings, as browsers and devices send them. */
const ua = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  legacyEdgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  safariWindows:
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534.57.2 (KHTML, like Gecko) Version/5.1.7 Safari/534.57.2',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromiumLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/124.0.6367.60 Chrome/124.0.6367.60 Safari/537.36',
  chromeOS:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  samsungInternetDesktopMode:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotChrome:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/124.0.6367.155 Safari/537.36',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.155 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  yahooSlurp: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iPhoneLine:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.5.0',
  iPhoneYahooJapanApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 YJApp-IOS jp.co.yahoo.ipn/3.54.0',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iPadDesktopClassMobileToken:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadChromeDesktopClass:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Safari/604.1',
  iPadFirefoxDesktopClass:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Safari/605.1.15',
  iPadEdgeDesktopClass:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.50 Safari/605.1.15',
  appleTvCoreMedia: 'AppleCoreMedia/1.0.0.20L563 (Apple TV; U; CPU OS 16_5 like Mac OS X; zh_tw)',
  appleTvModel: 'AppleTV11,1/11.1',
  androidPhoneChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  androidPhoneReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidPhoneFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  androidTabletChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Safari/537.36',
  androidTabletFirefox: 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
  samsungInternetPhone:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  chromecast:
    'Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.120 Safari/537.36 CrKey/1.56.500000 DeviceType/Chromecast',
  chromecastGoogleTv:
    'Mozilla/5.0 (Linux; Android 12.0; Build/STTL.240206.002) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 CrKey/1.56.500000 DeviceType/AndroidTV',
  kaiOS: 'Mozilla/5.0 (Mobile; Nokia_8110_4G; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
  kaiOSJioPhone:
    'Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i; Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  harmonyOS:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.3.300',
  kindleFireSilk:
    'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/122.4.1 like Chrome/122.0.6261.119 Safari/537.36',
  kindleFireSilkDesktopMode:
    'Mozilla/5.0 (Macintosh; U; Intel Mac OS X 10_6_3; en-us; Silk/1.1.0-80) AppleWebKit/533.16 (KHTML, like Gecko) Version/5.0 Safari/533.16 Silk-Accelerated=true',
  androidTvShield:
    'Mozilla/5.0 (Linux; Android 11; SHIELD Android TV Build/RQ1A.210105.003) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Safari/537.36',
  fireTv:
    'Mozilla/5.0 (Linux; Android 9; AFTKA Build/PS7633.3445N; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36',
  samsungTizenTv:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
  lgWebOsTv:
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
};
type Agent = keyof typeof ua;

const pc = (supportAVOD: 'Y' | 'N'): DeviceContextData => ({
  deviceType: 'PC',
  supportAVOD,
  userPlatform: 'Web',
});
/** Every device that is not a PC may play AVOD and logs as MobileWeb. */
const mobile = (deviceType: DeviceType): DeviceContextData => ({
  deviceType,
  supportAVOD: 'Y',
  userPlatform: 'MobileWeb',
});

const expected: [Agent, DeviceContextData][] = [
  ['chromeWindows', pc('Y')],
  ['firefoxWindows', pc('Y')],
  ['edgeWindows', pc('Y')],
  ['legacyEdgeWindows', pc('Y')],
  ['operaWindows', pc('N')],
  ['safariWindows', pc('N')],
  ['ie11', pc('N')],
  ['chromeMac', pc('Y')],
  ['firefoxMac', pc('Y')],
  ['edgeMac', pc('Y')],
  ['safariMac', pc('N')],
  ['operaMac', pc('N')],
  ['chromeLinux', pc('Y')],
  ['chromiumLinux', pc('N')],
  ['chromeOS', pc('Y')],
  ['samsungInternetDesktopMode', pc('N')],
  ['googlebot', pc('N')],
  ['googlebotChrome', pc('N')],
  ['googlebotSmartphone', pc('N')],
  ['yahooSlurp', pc('N')],
  ['iPhoneSafari', mobile('iPhone')],
  ['iPhoneChrome', mobile('iPhone')],
  ['iPhoneLine', mobile('iPhone')],
  ['iPhoneYahooJapanApp', mobile('iPhone')],
  ['iPod', mobile('iPhone')],
  ['iPadOld', mobile('iPad')],
  ['iPadDesktopClassMobileToken', mobile('iPad')],
  ['iPadChromeDesktopClass', mobile('iPad')],
  ['iPadFirefoxDesktopClass', mobile('iPad')],
  ['iPadEdgeDesktopClass', mobile('iPad')],
  ['appleTvCoreMedia', mobile('iOS')],
  ['appleTvModel', mobile('iOS')],
  ['androidPhoneChrome', mobile('Android')],
  ['androidPhoneReduced', mobile('Android')],
  ['androidPhoneFirefox', mobile('Android')],
  ['samsungInternetPhone', mobile('Android')],
  ['androidTabletChrome', mobile('Tablet')],
  ['androidTabletFirefox', mobile('Tablet')],
  ['kindleFireSilk', mobile('Tablet')],
  ['kindleFireSilkDesktopMode', mobile('Tablet')],
  ['chromecast', mobile('Chromecast')],
  ['chromecastGoogleTv', mobile('Chromecast')],
  ['kaiOS', mobile('Handset')],
  ['kaiOSJioPhone', mobile('Handset')],
  ['windowsPhone', mobile('Handset')],
  ['harmonyOS', mobile('Handset')],
  ['androidTvShield', pc('Y')],
  ['fireTv', pc('Y')],
  ['samsungTizenTv', pc('N')],
  ['lgWebOsTv', pc('N')],
];

describe('deviceContext', () => {
  it('has a case for every user agent above', () => {
    expect(expected.map(([agent]) => agent).sort()).toEqual(Object.keys(ua).sort());
  });

  it.each(expected)('%s', (agent, context) => {
    const result = deviceContext(ua[agent]);
    expect(result).toMatchObject(context);
    expect(deviceContextSchema.parse(result)).toEqual(context);
  });

  it('answers every device type the contract knows', () => {
    const seen = new Set(expected.map(([, context]) => context.deviceType));
    expect([...seen].sort()).toEqual([...deviceTypes].sort());
  });

  it('keeps bowser’s browser and OS names for the logs', () => {
    expect(deviceContext(ua.edgeWindows)).toMatchObject({
      browser: 'Microsoft Edge',
      os: 'Windows',
    });
    expect(deviceContext(ua.iPhoneChrome)).toMatchObject({ browser: 'Chrome', os: 'iOS' });
    expect(deviceContext(ua.samsungInternetPhone)).toMatchObject({
      browser: 'Samsung Internet for Android',
      os: 'Android',
    });
  });

  it('treats a missing, empty or blank user agent as a PC without AVOD', () => {
    const unknown = { ...pc('N'), browser: '', os: '' };
    expect(deviceContext(undefined)).toEqual(unknown);
    expect(deviceContext('')).toEqual(unknown);
    expect(deviceContext('   ')).toEqual(unknown);
    expect(deviceContext('curl/8.5.0')).toMatchObject(pc('N'));
  });

  it('cannot tell plain iPad Safari from Safari on a Mac (documented limit)', () => {
    const iPadSafari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(deviceContext(iPadSafari)).toMatchObject(pc('N'));
  });

  it('returns frozen results, so a caller cannot change what the next request gets', () => {
    const result = deviceContext(ua.chromeWindows);
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(deviceContext(undefined))).toBe(true);
  });

  it('survives a 10 KB garbage user agent quickly and keeps names short', () => {
    let garbage = '';
    for (let i = 0; garbage.length < 10_240; i++)
      garbage += String.fromCharCode(32 + ((i * 7919) % 95));
    const inputs = [
      garbage,
      'Mozilla/5.0 ('.repeat(800),
      'Android '.repeat(1300),
      '\u0000\uffff\ud800'.repeat(3500),
      'x'.repeat(10_240) + ' CrKey/1.0',
    ];
    const started = performance.now();
    for (const input of inputs) {
      const result = deviceContext(input);
      expect(deviceContextSchema.safeParse(result).success).toBe(true);
      expect(result.browser.length).toBeLessThanOrEqual(64);
      expect(result.os.length).toBeLessThanOrEqual(64);
    }
    expect(performance.now() - started).toBeLessThan(200);
    // Only the first 1 KB is read, so a device token buried past it is not seen.
    expect(deviceContext(inputs[4]).deviceType).toBe('PC');
  });
});

describe('deviceContext memo', () => {
  it('parses a repeated user agent once', () => {
    const first = deviceContext(ua.androidPhoneChrome);
    expect(deviceContext(ua.androidPhoneChrome)).toBe(first);
  });

  it('stays within its limit and forgets the oldest user agent first', () => {
    const distinct = (i: number) => `${ua.chromeWindows} memo-test/${i}`;
    const oldest = deviceContext(distinct(0));
    for (let i = 1; i < DEVICE_MEMO_LIMIT * 3; i++) {
      deviceContext(distinct(i));
      expect(deviceMemoSize()).toBeLessThanOrEqual(DEVICE_MEMO_LIMIT);
    }
    expect(deviceMemoSize()).toBe(DEVICE_MEMO_LIMIT);

    const newest = deviceContext(distinct(DEVICE_MEMO_LIMIT * 3 - 1));
    expect(deviceContext(distinct(DEVICE_MEMO_LIMIT * 3 - 1))).toBe(newest);
    const again = deviceContext(distinct(0));
    expect(again).not.toBe(oldest);
    expect(again).toEqual(oldest);
    expect(deviceMemoSize()).toBe(DEVICE_MEMO_LIMIT);
  });

  it('does not remember a missing user agent', () => {
    const before = deviceMemoSize();
    deviceContext(undefined);
    deviceContext('');
    expect(deviceMemoSize()).toBe(before);
  });
});
