import {
  YOUTUBE_ID,
  channelStatusWording,
  uiWordingIds,
  type ChannelBean,
  type SwitchChannelData,
  type UiWordingId,
} from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { airStartNote } from './air-start';

/** SPEC §9: switch-channel is asked at most this many times before the page gives up. */
export const SWITCH_CHANNEL_ATTEMPTS = 5;
/** Pause between two switch-channel attempts (ms), growing by this much each time. */
export const SWITCH_RETRY_STEP_MS = 250;

/** The four wordings of the subscription modal (SPEC §5: shown only when all four exist). */
export type SubscribeWordings = Record<UiWordingId, string>;

/**
 * What the video area shows for a channel, decided from the switch-channel reply (SPEC §4, §5,
 * §8) and where the page runs. Nothing here grants a right: the server decides, and an empty
 * videoUrl is its answer.
 */
export type ChannelView =
  | { kind: 'message'; message: string }
  | { kind: 'youtube'; youtubeId: string }
  | { kind: 'twitch' }
  | { kind: 'subscribe'; wordings: SubscribeWordings }
  | { kind: 'simplePlay' }
  | { kind: 'mobile' }
  | { kind: 'play'; src: string; prerollTag: string };

export interface ViewContext {
  /** The site's own player plays here (SPEC §4 "on PC"); otherwise the app link. */
  isPc: boolean;
  /** The simple-player page plays simple-play channels itself. */
  simplePage?: boolean;
}

/** The subscription modal's wordings, or null unless all four exist and are non-empty. */
export function subscribeWordings(
  bean: Pick<ChannelBean, 'uiWordingList'>,
): SubscribeWordings | null {
  const found: Partial<SubscribeWordings> = {};
  for (const entry of bean.uiWordingList) {
    if (entry.wording.trim()) found[entry.id] = entry.wording;
  }
  return uiWordingIds.every((id) => found[id] !== undefined) ? (found as SubscribeWordings) : null;
}

/**
 * 'next' of the subscription modal goes to SUBSCRIBE_URL; only a path on this site or an https
 * address is followed (a javascript: or protocol-relative one is not).
 */
export function safeSubscribeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  return /^https:\/\/[^\s]+$/i.test(trimmed) ? trimmed : null;
}

/** videoUrl is base64 text (SPEC §3) of a UTF-8 URL; '' when it is empty or unreadable. */
export function decodeVideoUrl(base64: string): string {
  if (!base64) return '';
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const url = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return /^(https?:\/\/|\/(?![/\\]))/i.test(url) ? url : '';
  } catch {
    return '';
  }
}

/**
 * SPEC §4 and §5 in order: a linear channel plays only while live (otherwise its status alert);
 * allowWeb 'N' keeps it off this PC; YouTube and Twitch channels open the external pop-up;
 * simple-play channels go to their own page; phones and tablets open the app; no stream is the
 * subscription modal when its four wordings exist, else '此頻道目前無法觀看，請稍候再試。'.
 */
export function channelView(data: SwitchChannelData, context: ViewContext): ChannelView {
  const bean = data.channelBean;
  if (bean.channelType === '0' && bean.channelStatus !== '1') {
    const message =
      bean.channelStatus === '0' || bean.channelStatus === '9'
        ? channelStatusWording[bean.channelStatus]
        : bean.channelStatusDesc;
    // Not yet on air: the alert, then when it opens (issue 20 item 18).
    const opens = bean.channelStatus === '0' ? airStartNote(bean.airStartAt) : '';
    return {
      kind: 'message',
      message: opens ? `${message}（${opens}）` : message || t.live.unavailable,
    };
  }
  if (bean.allowWeb === 'N' && context.isPc) return { kind: 'message', message: t.live.notOnPc };
  if (bean.isYoutube === 'Y' || bean.contentSourceId === 'YOUTUBE') {
    return YOUTUBE_ID.test(bean.youtubeId)
      ? { kind: 'youtube', youtubeId: bean.youtubeId }
      : { kind: 'message', message: t.live.unavailable };
  }
  if (bean.contentSourceId === 'TWITCH') return { kind: 'twitch' };
  if (bean.openSimplePlayPage === 'Y' && !context.simplePage) return { kind: 'simplePlay' };
  if (!context.isPc) return { kind: 'mobile' };
  const src = decodeVideoUrl(data.videoUrl);
  if (!src) {
    const wordings = subscribeWordings(bean);
    return wordings
      ? { kind: 'subscribe', wordings }
      : { kind: 'message', message: t.live.unavailable };
  }
  const prerollTag = data.preRoll === 'Y' ? data.preVastUrl : '';
  return { kind: 'play', src, prerollTag };
}

/** The embed of a YouTube channel: the privacy-enhanced host, autoplay (SPEC §2 part 4). */
export function youtubeEmbedUrl(youtubeId: string): string | null {
  if (!YOUTUBE_ID.test(youtubeId)) return null;
  return `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`;
}

/** The Twitch embed the server built, accepted only on Twitch's player host. */
export function safeTwitchEmbedUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === 'player.twitch.tv' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Live_Minutes_Wording is '{minutes}$${message}' (SPEC §7): the anonymous watching limit and its
 * prompt. Null when the wording is missing or malformed (then there is no limit).
 */
export function parseMinutesWording(
  wording: string | undefined,
): { seconds: number; message: string } | null {
  if (!wording) return null;
  const at = wording.indexOf('$$');
  if (at < 0) return null;
  const minutes = Number(wording.slice(0, at).trim());
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  return { seconds: minutes * 60, message: wording.slice(at + 2).trim() };
}

/** SPEC §5: the simple-play page needs login when liveIsLogin is Y and there is no uid. */
export function simplePlayNeedsLogin(content: { liveIsLogin: 'Y' | 'N'; uid: string }): boolean {
  return content.liveIsLogin === 'Y' && !content.uid;
}
