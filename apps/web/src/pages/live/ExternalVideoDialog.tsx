import { useTwitchContent } from '../../api/live';
import { Dialog } from '../../features/dialog/Dialog';
import { t } from '../../i18n/zh-TW';
import { safeTwitchEmbedUrl, youtubeEmbedUrl } from './live-rules';
import './ExternalVideoDialog.css';

/**
 * SPEC §2 part 4: the external-video pop-up. YouTube channels embed youtubeId from the
 * privacy-enhanced host with autoplay; Twitch channels the embed of ajaxFindTwitchContentData.do.
 * Only those two hosts are ever framed (the page's CSP frame-src says the same).
 */
export function ExternalVideoDialog({
  channelId,
  channelName,
  source,
  onClose,
}: {
  channelId: string;
  channelName: string;
  source: { kind: 'youtube'; youtubeId: string } | { kind: 'twitch' };
  onClose: () => void;
}) {
  const twitch = useTwitchContent(channelId, source.kind === 'twitch');
  let src: string | null = null;
  let message: string = t.live.externalLoading;
  if (source.kind === 'youtube') {
    src = youtubeEmbedUrl(source.youtubeId);
    if (!src) message = t.live.unavailable;
  } else if (twitch.data) {
    src = safeTwitchEmbedUrl(twitch.data.embedUrl);
    if (!src) message = t.live.unavailable;
  } else if (twitch.isError) {
    message = twitch.error.message || t.live.unavailable;
  }
  return (
    <Dialog title={t.live.externalTitle(channelName)} onClose={onClose} size="wide">
      <div className="external-video">
        {src ? (
          <iframe
            className="external-video__frame"
            src={src}
            title={t.live.externalFrame(channelName)}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <p className="external-video__message" role="status">
            {message}
          </p>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t.live.close}
        </button>
      </div>
    </Dialog>
  );
}
