/** The subtitle choices the player offers (issue 12): Traditional Chinese, English, or none. */
export type SubtitleChoice = 'zh-TW' | 'en' | 'off';

export const SUBTITLE_STORAGE_KEY = 'player.subtitles';
/** Before a viewer chooses: Chinese, as the streams' DEFAULT track. */
export const DEFAULT_SUBTITLE: SubtitleChoice = 'zh-TW';

/** What the player knows of a subtitle track (hls.js MediaPlaylist: lang and name). */
export interface SubtitleTrack {
  lang?: string | undefined;
  name: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or nothing where it is refused (private modes, disabled storage). */
function storage(): Store | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function isSubtitleChoice(value: unknown): value is SubtitleChoice {
  return value === 'zh-TW' || value === 'en' || value === 'off';
}

/** The viewer's remembered choice (kept in this browser, across visits and titles). */
export function readSubtitleChoice(store: Store | undefined = storage()): SubtitleChoice {
  try {
    const saved = store?.getItem(SUBTITLE_STORAGE_KEY);
    return isSubtitleChoice(saved) ? saved : DEFAULT_SUBTITLE;
  } catch {
    return DEFAULT_SUBTITLE;
  }
}

export function saveSubtitleChoice(
  choice: SubtitleChoice,
  store: Store | undefined = storage(),
): void {
  try {
    store?.setItem(SUBTITLE_STORAGE_KEY, choice);
  } catch {
    // Full or refused storage: the choice holds for this page only.
  }
}

/** The choice a track stands for, by its language (zh, zh-Hant, zh-TW → zh-TW; en-* → en). */
export function choiceOfTrack(track: SubtitleTrack): SubtitleChoice | undefined {
  const lang = (track.lang ?? '').toLowerCase();
  if (lang === 'zh' || lang.startsWith('zh-')) return 'zh-TW';
  if (lang === 'en' || lang.startsWith('en-')) return 'en';
  return undefined;
}

/** The track to show for a choice: its index, or -1 (none) for off or a language not offered. */
export function trackIndexFor(choice: SubtitleChoice, tracks: SubtitleTrack[]): number {
  if (choice === 'off') return -1;
  return tracks.findIndex((track) => choiceOfTrack(track) === choice);
}

/** The languages a stream offers, in menu order. */
export function offeredChoices(tracks: SubtitleTrack[]): SubtitleChoice[] {
  const offered = new Set(tracks.map(choiceOfTrack));
  return (['zh-TW', 'en'] as const).filter((choice) => offered.has(choice));
}

/** What `c` does: off → the last language shown (or the first offered), a language → off. */
export function toggledChoice(
  current: SubtitleChoice,
  lastLanguage: SubtitleChoice,
  offered: SubtitleChoice[],
): SubtitleChoice {
  if (current !== 'off') return 'off';
  if (lastLanguage !== 'off' && offered.includes(lastLanguage)) return lastLanguage;
  return offered[0] ?? 'off';
}
