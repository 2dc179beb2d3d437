import type { PlayRightData } from '@site/contract';
import type { Viewer } from '../accounts/viewer.js';
import { adTagFor } from '../ads/index.js';
import type { TitleRow } from '../catalogue/present.js';
import type { TitleRight } from '../commerce/title-rights.js';
import type { StreamSigner } from '../media/stream-urls.js';

/** When the right ends (a started rental, a service period); null when it does not. */
function rightEndsAt(right: TitleRight): number | null {
  if (right.kind === 'rent') return right.expiresAt;
  if (right.kind === 'service') return right.paidUntil;
  return null;
}

/** What ajaxFindVideoPlayRight answers for a title the viewer may play. */
export function playAnswer(
  { title, right }: { title: TitleRow; right: TitleRight },
  viewer: Viewer | null,
  streams: StreamSigner,
): PlayRightData {
  return {
    contentId: title.content_id,
    contentName: title.name,
    playRight: 'Y',
    // An encrypted clip plays from the viewer's own path, whose key is theirs (ADR 0023).
    videoUrl: streams.playUrl(title.clip_id, title.content_id, viewer?.accountId ?? null),
    durationSeconds: title.duration_seconds,
    rightType: right.kind,
    rightEndsAt: rightEndsAt(right),
    // Ad-supported titles play a pre-roll from our ad server first (docs/adr/0022).
    ...(right.kind === 'avod' ? { preVastUrl: adTagFor({ contentId: title.content_id }) } : {}),
  };
}
