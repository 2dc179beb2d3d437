import { z } from 'zod';
import { envelopeOf } from './envelope.js';

/** SPEC §4: '0' not yet on air, '1' live, '9' content ended. */
export const channelStatusSchema = z.enum(['0', '1', '9']);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

const yn = z.enum(['Y', 'N']);

/** channelGroup[].channelV2List.channelV2[] (SPEC §3 "Channel group list"). */
export const channelV2Schema = z.object({
  channelId: z.string(),
  channelStatus: channelStatusSchema,
  channelStatusDesc: z.string(),
  channelPic: z.string(),
  channelName: z.string(),
  channelDesc: z.string(),
  openSimplePlayPage: yn,
});
export type ChannelV2 = z.infer<typeof channelV2Schema>;

export const channelGroupSchema = z.object({
  channelGroupId: z.string(),
  channelGroupTitle: z.string(),
  channelV2List: z.object({ channelV2: z.array(channelV2Schema) }),
});
export type ChannelGroup = z.infer<typeof channelGroupSchema>;

export const channelGroupListDataSchema = z.object({
  channelGroupList: z.object({ channelGroup: z.array(channelGroupSchema) }),
});
export type ChannelGroupListData = z.infer<typeof channelGroupListDataSchema>;
export const channelGroupListReplySchema = envelopeOf(channelGroupListDataSchema);

/** The group whose tiles hide their description (SPEC §2 part 6). */
export const NEWS_GROUP_TITLE = 'NEWS';

/** channelStatusDesc by status; the two alerts are SPEC §4's wording verbatim. */
export const channelStatusWording: Record<ChannelStatus, string> = {
  '0': '目前本頻道尚未開播 敬請期待~',
  '1': '直播中',
  '9': '目前頻道內容已結束 暫無內容~',
};
