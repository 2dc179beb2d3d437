import {
  TITLE_PICTURE_MAX_BYTES,
  consoleChannelCalls,
  type ChannelPictureKind,
  type ConsoleChannel,
} from '@site/contract/console';
import { ConsoleCallError, fillPath, sendPicture } from '../api/call';

/**
 * uploadChannelPicture: multipart with the `version` seen first, then the one `file` (as a
 * title's pictures). Answers the channel as it now is.
 */
export async function uploadChannelPicture(
  channel: Pick<ConsoleChannel, 'channelId' | 'version'>,
  kind: ChannelPictureKind,
  file: Blob,
): Promise<ConsoleChannel> {
  const description = consoleChannelCalls.uploadChannelPicture;
  const { filled } = fillPath(description.path, { channelId: channel.channelId, kind });
  const data = await sendPicture(
    description.method,
    filled,
    channel.version,
    file,
    TITLE_PICTURE_MAX_BYTES,
  );
  if (!data.channel) throw new ConsoleCallError(200, 'BAD_REPLY', '伺服器回應錯誤（200）。');
  return data.channel as ConsoleChannel;
}
