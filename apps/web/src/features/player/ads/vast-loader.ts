import { AD_TIMEOUT_MS, ERROR_CODE_MACRO } from '@site/contract';

/**
 * Fetching and reading an ad tag with @dailymotion/vast-client, bounded for hostile ad servers:
 * one deadline (the ad timeout, SPEC §9) for every fetch and wrapper, a byte cap per document,
 * a wrapper depth cap, http(s) only. What comes back is plain data: URLs checked, texts as
 * strings that the component renders as text, never as HTML.
 */

/** Our documents are a few kilobytes; a larger one is refused without reading it all. */
export const MAX_VAST_BYTES = 256 * 1024;
/** Wrappers followed before an InLine ad must appear (VAST error 302 past it). */
export const MAX_WRAPPER_DEPTH = 4;
/** The longest ad label shown; the rest is cut. */
const MAX_LABEL_LENGTH = 40;

/** The part of VASTTracker the pre-roll uses (tracking pixels go out from the library). */
export interface AdTracker {
  trackImpression(): void;
  setDuration(seconds: number): void;
  setProgress(seconds: number): void;
  setMuted(muted: boolean): void;
  setPaused(paused: boolean): void;
  complete(): void;
  error(macros: { ERRORCODE: string }): void;
  click(): void;
}

/** One playable linear ad. */
export interface AdPlan {
  mediaUrl: string;
  mediaType: string;
  /** From the VAST Duration; the media's own duration wins once it is known. */
  durationSeconds: number;
  /** The ad label the VAST asks for (our AdLabel extension), as plain text; null: none. */
  label: string | null;
  /** An absolute http(s) URL, or null (none, or anything else such as javascript:). */
  clickThrough: string | null;
  tracker: AdTracker;
}

export type AdLoadResult =
  | { kind: 'ad'; plan: AdPlan }
  | { kind: 'empty' }
  | { kind: 'error'; reason: string }
  | { kind: 'timeout' };

export interface AdLoadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  wrapperLimit?: number;
  /** Aborts loading (the component unmounted). */
  signal?: AbortSignal;
  /** Injected by tests; the browser's otherwise. */
  fetch?: typeof fetch;
  parseXml?: (text: string) => Document;
  canPlay?: (mimeType: string) => boolean;
  /** Resolves relative URLs (the page's address in the browser). */
  baseUrl?: string;
}

/** An absolute http(s) URL, or null: javascript:, data:, relative and malformed ones are dropped. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Text for display: control characters dropped, white space collapsed, length capped. */
export function plainText(value: unknown, max = MAX_LABEL_LENGTH): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, max) : null;
}

/** The VAST 4.2 elements whose text is a URI (the ones a linear ad and its wrappers use). */
const URI_ELEMENTS = [
  'VASTAdTagURI',
  'Impression',
  'Error',
  'Tracking',
  'ClickThrough',
  'ClickTracking',
  'CustomClick',
  'MediaFile',
  'Mezzanine',
  'InteractiveCreativeFile',
  'ClosedCaptionFile',
  'IconClickThrough',
  'IconClickTracking',
  'IconViewTracking',
  'Viewable',
  'NotViewable',
  'ViewUndetermined',
] as const;

/** A reference with a scheme (http:, javascript:, about:…) is left for the checks that follow. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Resolves the relative URI references of one document against that document's own URL, as a
 * browser resolves a page's links against the page. Our ad server writes site paths (so its ads
 * play on whatever host the page was reached by, docs/adr/0022); vast-client keeps them as text,
 * and a pixel or a media file would otherwise be resolved against the page, or a wrapper's
 * relative reference against the wrong server. Only http(s) results are written back; the rest
 * (javascript:, data:…) stay as they were and are refused later by safeHttpUrl.
 */
export function resolveRelativeUris(xml: Document, documentUrl: string): void {
  for (const name of URI_ELEMENTS) {
    const elements = xml.getElementsByTagName(name);
    for (let i = 0; i < elements.length; i += 1) {
      const element = elements[i]!;
      const text = (element.textContent ?? '').trim();
      if (!text || HAS_SCHEME.test(text)) continue;
      try {
        const url = new URL(text, documentUrl);
        if (url.protocol === 'http:' || url.protocol === 'https:') element.textContent = url.href;
      } catch {
        // Not a URL at all: left as it is, and dropped by the checks that follow.
      }
    }
  }
}

class TooLarge extends Error {}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLarge('VAST too large');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge('VAST too large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

interface VastMediaFile {
  fileURL?: string | null;
  mimeType?: string | null;
  deliveryType?: string | null;
  width?: number;
  apiFramework?: string | null;
}
interface VastCreative {
  type?: string;
  duration?: number;
  mediaFiles?: VastMediaFile[];
  videoClickThroughURLTemplate?: { url?: string } | string | null;
}
interface VastExtension {
  name?: string;
  value?: string;
  attributes?: Record<string, string>;
  children?: VastExtension[];
}
interface VastAd {
  errorCode?: number;
  errorURLTemplates?: string[];
  extensions?: VastExtension[];
  creatives?: VastCreative[];
}

/** The playable progressive file closest to 720p wide that this browser can play. */
function chooseMedia(
  files: readonly VastMediaFile[],
  canPlay: (type: string) => boolean,
): { url: string; type: string } | null {
  const playable = files
    .map((f) => ({ ...f, url: safeHttpUrl(f.fileURL) }))
    .filter(
      (f): f is VastMediaFile & { url: string; mimeType: string } =>
        f.url !== null &&
        typeof f.mimeType === 'string' &&
        !f.apiFramework &&
        f.deliveryType !== 'streaming' &&
        canPlay(f.mimeType),
    )
    .sort((a, b) => Math.abs((a.width ?? 0) - 1280) - Math.abs((b.width ?? 0) - 1280));
  const best = playable[0];
  return best ? { url: best.url, type: best.mimeType } : null;
}

/** Our AdLabel extension: <Extension type="AdLabel"><AdLabel>…</AdLabel></Extension>. */
function labelOf(ad: VastAd): string | null {
  for (const extension of ad.extensions ?? []) {
    if (extension.attributes?.type !== 'AdLabel') continue;
    const node = extension.children?.find((child) => child.name === 'AdLabel');
    const label = plainText(node?.value);
    if (label) return label;
  }
  return null;
}

const clickThroughOf = (creative: VastCreative) =>
  safeHttpUrl(
    typeof creative.videoClickThroughURLTemplate === 'string'
      ? creative.videoClickThroughURLTemplate
      : creative.videoClickThroughURLTemplate?.url,
  );

/** Our documents carry the [ERRORCODE] macro percent-encoded (an XSD anyURI has no brackets). */
const restoreErrorMacro = (ad: VastAd) => {
  ad.errorURLTemplates = (ad.errorURLTemplates ?? []).map((url) =>
    typeof url === 'string' ? url.split(ERROR_CODE_MACRO).join('[ERRORCODE]') : url,
  );
};

/** The library's capping store, kept in memory: nothing of the ads is written to the browser. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const defaultCanPlay = (type: string) =>
  typeof document !== 'undefined' && document.createElement('video').canPlayType(type) !== '';

/**
 * Loads the ad of one break. Resolves (never rejects) with the ad, `empty` (the ad server had
 * none), `error` (anything wrong with the documents or the media on offer) or `timeout` (the
 * whole load, wrappers included, took longer than the ad timeout).
 */
export async function loadAd(adTagUrl: string, options: AdLoadOptions = {}): Promise<AdLoadResult> {
  const timeoutMs = options.timeoutMs ?? AD_TIMEOUT_MS;
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<AdLoadResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ kind: 'timeout' });
    }, timeoutMs);
  });
  try {
    return await Promise.race([deadline, resolveAd(adTagUrl, options, controller.signal)]);
  } catch (error) {
    return { kind: 'error', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
    controller.abort();
  }
}

async function resolveAd(
  adTagUrl: string,
  options: AdLoadOptions,
  signal: AbortSignal,
): Promise<AdLoadResult> {
  const fetchVast = options.fetch ?? fetch.bind(globalThis);
  const parseXml =
    options.parseXml ?? ((text: string) => new DOMParser().parseFromString(text, 'text/xml'));
  const canPlay = options.canPlay ?? defaultCanPlay;
  const maxBytes = options.maxBytes ?? MAX_VAST_BYTES;
  const baseUrl =
    options.baseUrl ?? (typeof location !== 'undefined' ? location.href : 'http://localhost/');

  const first = new URL(adTagUrl, baseUrl);
  if (first.protocol !== 'http:' && first.protocol !== 'https:') {
    return { kind: 'error', reason: 'ad tag is not http(s)' };
  }
  const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
  if (signal.aborted) return { kind: 'error', reason: 'aborted' };

  /** Whether any document held an <Ad>: if none survives parsing, that is an error, not "no ad". */
  let offered = false;
  // Every document, the ad tag's and each wrapper's, comes through here.
  const urlHandler = {
    async get(url: string) {
      try {
        const target = safeHttpUrl(new URL(url, baseUrl).href);
        if (!target) return { error: new Error('not an http(s) URL'), statusCode: null };
        const response = await fetchVast(target, {
          signal,
          credentials: 'same-origin',
          headers: { accept: 'application/xml, text/xml' },
        });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          return { error: new Error(`HTTP ${response.status}`), statusCode: response.status };
        }
        const text = await readCapped(response, maxBytes);
        const xml = parseXml(text);
        if (xml.getElementsByTagName('parsererror').length > 0) {
          return { error: new Error('malformed XML'), statusCode: response.status };
        }
        if (xml.getElementsByTagName('Ad').length > 0) offered = true;
        resolveRelativeUris(xml, target);
        return { xml, details: { byteLength: text.length, statusCode: response.status } };
      } catch (error) {
        return {
          error: error instanceof Error ? error : new Error(String(error)),
          statusCode: null,
        };
      }
    },
  };

  const client = new VASTClient(0, 0, memoryStorage() as never);
  // The library drops failed ads from its answer; its error events tell a failure from no ad
  // (303, "no ad", is also what a plain empty VAST gives).
  const errors: number[] = [];
  client.getParser().on('VAST-error', (event: { ERRORCODE?: number | string }) => {
    const code = Number(event.ERRORCODE);
    if (code !== 303) errors.push(code);
  });
  const response = (await client.get(first.href, {
    urlHandler,
    wrapperLimit: options.wrapperLimit ?? MAX_WRAPPER_DEPTH,
    timeout: options.timeoutMs ?? AD_TIMEOUT_MS,
    resolveAll: false,
  })) as { ads?: VastAd[] };
  const ads = response.ads ?? [];
  if (ads.length === 0) {
    if (errors.length > 0) return { kind: 'error', reason: `VAST error ${errors[0]}` };
    return offered ? { kind: 'error', reason: 'no valid ad' } : { kind: 'empty' };
  }

  for (const ad of ads) {
    restoreErrorMacro(ad);
    for (const creative of ad.creatives ?? []) {
      if (creative.type !== 'linear') continue;
      const media = chooseMedia(creative.mediaFiles ?? [], canPlay);
      if (!media) {
        // The library reports wrapper and parse errors itself; "no playable file" is ours (403).
        if (!ad.errorCode)
          new VASTTracker(client, ad as never, creative as never).error({ ERRORCODE: '403' });
        continue;
      }
      const tracker = new VASTTracker(
        client,
        ad as never,
        creative as never,
      ) as unknown as AdTracker;
      return {
        kind: 'ad',
        plan: {
          mediaUrl: media.url,
          mediaType: media.type,
          durationSeconds:
            typeof creative.duration === 'number' && creative.duration > 0 ? creative.duration : 0,
          label: labelOf(ad),
          clickThrough: clickThroughOf(creative),
          tracker,
        },
      };
    }
  }
  const failed = ads.find((ad) => ad.errorCode);
  return { kind: 'error', reason: failed ? `VAST error ${failed.errorCode}` : 'no playable ad' };
}
