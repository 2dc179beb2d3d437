import { t } from '../../i18n/zh-TW';
import { appLinkFor, openAppLink } from './app-link';

/**
 * 開啟 App 觀看 on phones and tablets: tries the app, falling back to the store (app-link.ts).
 * Nothing on a PC or a Chromecast, where the site's own player is the way to watch.
 */
export function AppLinkButton({
  contentId,
  deviceType,
}: {
  contentId: string;
  deviceType: string | undefined;
}) {
  const link = deviceType ? appLinkFor(contentId, deviceType) : null;
  if (!link) return null;
  return (
    <button type="button" className="button" onClick={() => openAppLink(link)}>
      {t.play.openInApp}
    </button>
  );
}
