import type { SwitchChannelData } from '@site/contract';

/** Segments hls.js starts a live stream with: three target durations before the end. */
const LIVE_START_SEGMENTS = 3;

function attribute(line: string, name: string): string | undefined {
  return new RegExp(`${name}=(?:"([^"]*)"|([^,]*))`).exec(line)?.slice(1).find(Boolean);
}

/**
 * Puts what the player asks for first into the browser's HTTP cache while the pointer rests on a
 * channel: the master playlist (cacheable 2 s), the lowest rendition's media playlist (1 s; the
 * player starts at the lowest), its init segment and the segments hls.js starts with (a day). The
 * click then starts from the cache. Only for streams of this origin; failures are quiet.
 */
export async function warmLiveStream(data: SwitchChannelData): Promise<void> {
  if (data.preRoll === 'Y' || !data.videoUrl) return;
  await warmFirstRequests(data.videoUrl, (segments) => segments.slice(-LIVE_START_SEGMENTS));
}

/**
 * The same for a programme played from its start (start over, catch-up; issue 24): the segments
 * hls.js starts with are the playlist's first ones.
 */
export async function warmProgrammeStream(data: {
  videoUrl: string;
  preRoll: string;
}): Promise<void> {
  if (data.preRoll === 'Y' || !data.videoUrl) return;
  await warmFirstRequests(data.videoUrl, (segments) => segments.slice(0, LIVE_START_SEGMENTS));
}

/** The master, the lowest rendition's playlist, its init segment and the `first` segments. */
async function warmFirstRequests(
  videoUrl: string,
  first: (segments: string[]) => string[],
): Promise<void> {
  let master: URL;
  try {
    master = new URL(atob(videoUrl), window.location.href);
  } catch {
    return;
  }
  if (master.origin !== window.location.origin) return;
  const text = (url: URL) =>
    fetch(url, { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : ''));
  try {
    const lines = (await text(master)).split('\n').map((line) => line.trim());
    let lowest: { bandwidth: number; uri: string } | undefined;
    lines.forEach((line, i) => {
      if (!line.startsWith('#EXT-X-STREAM-INF')) return;
      const bandwidth = Number(attribute(line, 'BANDWIDTH'));
      const uri = lines[i + 1];
      if (uri && !uri.startsWith('#') && (!lowest || bandwidth < lowest.bandwidth)) {
        lowest = { bandwidth, uri };
      }
    });
    if (!lowest) return;
    const media = new URL(lowest.uri, master);
    const mediaLines = (await text(media)).split('\n').map((line) => line.trim());
    const map = mediaLines.find((line) => line.startsWith('#EXT-X-MAP'));
    const mapUri = map ? attribute(map, 'URI') : undefined;
    const segments = mediaLines.filter((line) => line && !line.startsWith('#'));
    const wanted = [...(mapUri ? [mapUri] : []), ...first(segments)];
    await Promise.all(
      wanted.map((uri) =>
        fetch(new URL(uri, media), { credentials: 'same-origin' }).then((r) => r.arrayBuffer()),
      ),
    );
  } catch {
    // A warm-up only: the player asks for everything itself.
  }
}
