import { describe, expect, it } from 'vitest';
import { newChannelSchema } from '@site/contract/console';
import { channelFields, controlIdOf, emptyChannelForm, newChannelInput } from './channel-form';

describe('the channel form', () => {
  it('sends only what applies to the source and the play right', () => {
    const values = {
      ...emptyChannelForm(),
      channelId: ' news9 ',
      name: '新聞九台',
      youtubeId: 'leftover',
      playoutClipIds: 'clip-a, clip-b  clip-c',
      serviceId: 'SVC',
    };
    const input = newChannelInput(values);
    expect(input).toMatchObject({
      channelId: 'news9',
      youtubeId: null,
      serviceId: null,
      adPlan: null,
      playoutClipIds: ['clip-a', 'clip-b', 'clip-c'],
    });
    expect(newChannelSchema.safeParse(input).success).toBe(true);
  });

  it('an AVOD channel sends its ad plan; an empty interval is none', () => {
    const fields = channelFields({
      ...emptyChannelForm(),
      playRightType: 'AVOD',
      openingBreak: true,
      intervalMinutes: '',
      breakSeconds: '40',
    });
    expect(fields.adPlan).toEqual({ openingBreak: true, intervalMinutes: null, breakSeconds: 40 });
  });

  it('a YouTube channel without an id is refused in zh-TW before it is sent', () => {
    const input = newChannelInput({
      ...emptyChannelForm(),
      channelId: 'yt',
      name: 'YT',
      source: 'youtube',
    });
    const parsed = newChannelSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['youtubeId'],
      message: '請輸入 11 碼的 YouTube 影片代碼',
    });
  });

  it('names the control of a refused field', () => {
    expect(controlIdOf('wordings.SUBSCRIBE_URL')).toBe('channel-wording-SUBSCRIBE_URL');
    expect(controlIdOf('adPlan')).toBe('channel-ad-openingBreak');
    expect(controlIdOf('name')).toBe('channel-name');
  });
});
