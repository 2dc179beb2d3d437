import { describe, expect, it } from 'vitest';
import type { SwitchChannelData } from '@site/contract';
import {
  channelView,
  decodeVideoUrl,
  parseMinutesWording,
  safeSubscribeUrl,
  safeTwitchEmbedUrl,
  simplePlayNeedsLogin,
  subscribeWordings,
  youtubeEmbedUrl,
} from './live-rules';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function reply(
  bean: Partial<SwitchChannelData['channelBean']> = {},
  rest: Partial<SwitchChannelData> = {},
): SwitchChannelData {
  return {
    videoUrl: b64('/live/ch01/1800000000/abc/master.m3u8'),
    maxBitrate: 8_000_000,
    channelBean: {
      channelId: 'ch01',
      channelName: '星河新聞台',
      channelType: '0',
      channelStatus: '1',
      channelStatusDesc: '直播中',
      allowWeb: 'Y',
      isYoutube: 'N',
      youtubeId: '',
      channelPic: '/media/images/channels/channel-01.jpg',
      contentId: 'LIVE-ch01',
      contentSourceId: 'ORIGIN',
      playRightType: 'FREE',
      openSimplePlayPage: 'N',
      uiWordingList: [],
      ...bean,
    },
    programSchedule: {},
    drawActivity: { drawActivityList: [] },
    sponsorLogo: { showLogo: 'N', logoUrl: '', position: 'UR' },
    preVastUrl: '',
    vastSeqId: '',
    preRoll: 'N',
    ...rest,
  };
}

const pc = { isPc: true };
const wordings = [
  { id: 'CHANNEL_FOR_LUXURY_SERVICE', wording: '訂戶專屬' },
  { id: 'CHANNEL_TO_SUBSCRIBE', wording: '立即訂閱' },
  { id: 'CANCEL_SUBSCRIBE', wording: '取消' },
  { id: 'SUBSCRIBE_URL', wording: '/checkout?kind=subscribe&serviceId=SVC-MONTHLY' },
] as const;

describe('channelView (SPEC §4, §5, §8)', () => {
  it('plays a live channel on a PC, with the pre-roll of an AVOD channel', () => {
    expect(channelView(reply(), pc)).toEqual({
      kind: 'play',
      src: '/live/ch01/1800000000/abc/master.m3u8',
      prerollTag: '',
    });
    const avod = reply({ playRightType: 'AVOD' }, { preRoll: 'Y', preVastUrl: '/ads/vast?x=1' });
    expect(channelView(avod, pc)).toMatchObject({ kind: 'play', prerollTag: '/ads/vast?x=1' });
  });

  it("alerts a linear channel's status verbatim, and lets an event channel play", () => {
    const before = reply({ channelStatus: '0', channelStatusDesc: 'x' });
    expect(channelView(before, pc)).toEqual({
      kind: 'message',
      message: '目前本頻道尚未開播 敬請期待~',
    });
    expect(channelView(reply({ channelStatus: '9' }), pc)).toEqual({
      kind: 'message',
      message: '目前頻道內容已結束 暫無內容~',
    });
    expect(channelView(reply({ channelType: '1', channelStatus: '9' }), pc).kind).toBe('play');
  });

  it('keeps allowWeb N channels off a PC, and sends phones to the app', () => {
    expect(channelView(reply({ allowWeb: 'N' }, { videoUrl: '' }), pc)).toEqual({
      kind: 'message',
      message: '本頻道因授權關係無法在此設備(PC)觀看，建議您用手機或平板觀看。',
    });
    expect(channelView(reply({ allowWeb: 'N' }), { isPc: false }).kind).toBe('mobile');
    expect(channelView(reply(), { isPc: false }).kind).toBe('mobile');
  });

  it('opens YouTube and Twitch channels in the pop-up; a bad YouTube id is unavailable', () => {
    const youtube = reply({ isYoutube: 'Y', youtubeId: 'M7lc1UVf-VE', contentSourceId: 'YOUTUBE' });
    expect(channelView(youtube, pc)).toEqual({ kind: 'youtube', youtubeId: 'M7lc1UVf-VE' });
    const markup = reply({ isYoutube: 'Y', youtubeId: '"><script>', contentSourceId: 'YOUTUBE' });
    expect(channelView(markup, pc).kind).toBe('message');
    expect(channelView(reply({ contentSourceId: 'TWITCH' }, { videoUrl: '' }), pc).kind).toBe(
      'twitch',
    );
  });

  it('sends simple-play channels to their page, which plays them itself', () => {
    const simple = reply({ openSimplePlayPage: 'Y' });
    expect(channelView(simple, pc).kind).toBe('simplePlay');
    expect(channelView(simple, { isPc: true, simplePage: true }).kind).toBe('play');
  });

  it('without a stream: the subscription modal only with all four wordings, else SPEC §8', () => {
    const svod = reply({ uiWordingList: [...wordings] }, { videoUrl: '' });
    expect(channelView(svod, pc)).toMatchObject({
      kind: 'subscribe',
      wordings: { SUBSCRIBE_URL: '/checkout?kind=subscribe&serviceId=SVC-MONTHLY' },
    });
    const three = reply({ uiWordingList: wordings.slice(0, 3) }, { videoUrl: '' });
    expect(channelView(three, pc)).toEqual({
      kind: 'message',
      message: '此頻道目前無法觀看，請稍候再試。',
    });
    expect(
      subscribeWordings({
        uiWordingList: [...wordings.slice(0, 3), { id: 'SUBSCRIBE_URL', wording: ' ' }],
      }),
    ).toBeNull();
  });
});

describe('addresses the page follows', () => {
  it('decodes videoUrl and refuses anything but http(s) or a path', () => {
    expect(decodeVideoUrl(b64('https://sport-live.example.com/live/a/m.m3u8'))).toBe(
      'https://sport-live.example.com/live/a/m.m3u8',
    );
    expect(decodeVideoUrl(b64('javascript:alert(1)'))).toBe('');
    expect(decodeVideoUrl(b64('//evil.example/x'))).toBe('');
    expect(decodeVideoUrl('%%%')).toBe('');
    expect(decodeVideoUrl('')).toBe('');
  });

  it('embeds only a valid YouTube id and only a Twitch player address', () => {
    expect(youtubeEmbedUrl('M7lc1UVf-VE')).toBe(
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&rel=0',
    );
    expect(youtubeEmbedUrl('"><img src=x>')).toBeNull();
    expect(safeTwitchEmbedUrl('https://player.twitch.tv/?channel=a&parent=b')).not.toBeNull();
    expect(safeTwitchEmbedUrl('https://evil.example/?x=player.twitch.tv')).toBeNull();
    expect(safeTwitchEmbedUrl('not a url')).toBeNull();
  });

  it('follows SUBSCRIBE_URL only to a site path or https', () => {
    expect(safeSubscribeUrl('/checkout?kind=subscribe')).toBe('/checkout?kind=subscribe');
    expect(safeSubscribeUrl('https://pay.example.com/x')).toBe('https://pay.example.com/x');
    expect(safeSubscribeUrl('javascript:alert(1)')).toBeNull();
    expect(safeSubscribeUrl('//evil.example')).toBeNull();
  });
});

describe('Live_Minutes_Wording and the simple-play login', () => {
  it("reads '{minutes}$${message}'", () => {
    expect(parseMinutesWording('10$$免費試看時間已到')).toEqual({
      seconds: 600,
      message: '免費試看時間已到',
    });
    expect(parseMinutesWording('0.05$$x')).toEqual({ seconds: 3, message: 'x' });
    expect(parseMinutesWording('ten$$x')).toBeNull();
    expect(parseMinutesWording('10')).toBeNull();
    expect(parseMinutesWording('0$$x')).toBeNull();
    expect(parseMinutesWording(undefined)).toBeNull();
  });

  it('needs login when liveIsLogin is Y and there is no uid', () => {
    expect(simplePlayNeedsLogin({ liveIsLogin: 'Y', uid: '' })).toBe(true);
    expect(simplePlayNeedsLogin({ liveIsLogin: 'Y', uid: 'U1' })).toBe(false);
    expect(simplePlayNeedsLogin({ liveIsLogin: 'N', uid: '' })).toBe(false);
  });
});
