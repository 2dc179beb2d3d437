import { uiWordingIds } from '@site/contract';
import {
  DEFAULT_AD_PLAN,
  type ChannelFields,
  type ConsoleChannel,
  type NewChannel,
} from '@site/contract/console';

/**
 * The channel form's values (issue 25 item 1, docs/adr/0047): text as typed, turned into the
 * contract's input on submit (the server checks everything again and names the field it refuses).
 */
export interface ChannelFormValues {
  channelId: string;
  name: string;
  description: string;
  channelType: '0' | '1';
  allowWeb: boolean;
  source: ChannelFields['source'];
  youtubeId: string;
  twitchLogin: string;
  openSimplePlayPage: boolean;
  playRightType: ChannelFields['playRightType'];
  serviceId: string;
  /** Comma or space separated clip ids. */
  playoutClipIds: string;
  kidSafe: boolean;
  catchupHours: string;
  wordings: ChannelFields['wordings'];
  sponsorLogoPosition: 'UR' | 'L';
  sponsorLogoShown: boolean;
  openingBreak: boolean;
  /** '' → no recurring break. */
  intervalMinutes: string;
  breakSeconds: string;
  groupIds: string[];
}

export function emptyChannelForm(): ChannelFormValues {
  return {
    channelId: '',
    name: '',
    description: '',
    channelType: '0',
    allowWeb: true,
    source: 'origin',
    youtubeId: '',
    twitchLogin: '',
    openSimplePlayPage: false,
    playRightType: 'FREE',
    serviceId: '',
    playoutClipIds: '',
    kidSafe: false,
    catchupHours: '0',
    wordings: Object.fromEntries(uiWordingIds.map((id) => [id, ''])) as ChannelFields['wordings'],
    sponsorLogoPosition: 'UR',
    sponsorLogoShown: true,
    openingBreak: DEFAULT_AD_PLAN.openingBreak,
    intervalMinutes: String(DEFAULT_AD_PLAN.intervalMinutes),
    breakSeconds: String(DEFAULT_AD_PLAN.breakSeconds),
    groupIds: [],
  };
}

export function channelFormOf(channel: ConsoleChannel): ChannelFormValues {
  const plan = channel.adPlan ?? DEFAULT_AD_PLAN;
  return {
    channelId: channel.channelId,
    name: channel.name,
    description: channel.description,
    channelType: channel.channelType,
    allowWeb: channel.allowWeb,
    source: channel.source,
    youtubeId: channel.youtubeId ?? '',
    twitchLogin: channel.twitchLogin ?? '',
    openSimplePlayPage: channel.openSimplePlayPage,
    playRightType: channel.playRightType,
    serviceId: channel.serviceId ?? '',
    playoutClipIds: channel.playoutClipIds.join(', '),
    kidSafe: channel.kidSafe,
    catchupHours: String(channel.catchupHours),
    wordings: { ...channel.wordings },
    sponsorLogoPosition: channel.sponsorLogoPosition,
    sponsorLogoShown: channel.sponsorLogoShown,
    openingBreak: plan.openingBreak,
    intervalMinutes: plan.intervalMinutes === null ? '' : String(plan.intervalMinutes),
    breakSeconds: String(plan.breakSeconds),
    groupIds: [...channel.groupIds],
  };
}

/** A number typed, or NaN (the server then names the field). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The fields to send: what does not apply to the source or play right is left out. */
export function channelFields(values: ChannelFormValues): ChannelFields {
  const avod = values.playRightType === 'AVOD';
  return {
    name: values.name,
    description: values.description,
    channelType: values.channelType,
    allowWeb: values.allowWeb,
    source: values.source,
    youtubeId: values.source === 'youtube' ? values.youtubeId.trim() : null,
    twitchLogin: values.source === 'twitch' ? values.twitchLogin.trim() : null,
    openSimplePlayPage: values.openSimplePlayPage,
    playRightType: values.playRightType,
    serviceId: values.playRightType === 'SVOD' ? values.serviceId.trim() || null : null,
    playoutClipIds:
      values.source === 'origin' ? values.playoutClipIds.split(/[\s,]+/).filter(Boolean) : [],
    kidSafe: values.kidSafe,
    catchupHours: numberOf(values.catchupHours),
    wordings: values.wordings,
    sponsorLogoPosition: values.sponsorLogoPosition,
    sponsorLogoShown: values.sponsorLogoShown,
    adPlan: avod
      ? {
          openingBreak: values.openingBreak,
          intervalMinutes:
            values.intervalMinutes.trim() === '' ? null : numberOf(values.intervalMinutes),
          breakSeconds: numberOf(values.breakSeconds),
        }
      : null,
    groupIds: values.groupIds,
  };
}

export function newChannelInput(values: ChannelFormValues): NewChannel {
  return { channelId: values.channelId.trim(), ...channelFields(values) };
}

/** The form control a refused field belongs to ('wordings.SUBSCRIBE_URL' → its input). */
export function controlIdOf(field: string): string {
  const [head, tail] = field.split('.');
  if (head === 'wordings' && tail) return `channel-wording-${tail}`;
  if (head === 'adPlan') return tail ? `channel-ad-${tail}` : 'channel-ad-openingBreak';
  return `channel-${head}`;
}

/** What is wrong with each control, by control id, from a refused call's fields. */
export function problemsByControl(
  fields: readonly { name: string; problem: string }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) problems[controlIdOf(field.name)] ??= field.problem;
  return problems;
}
