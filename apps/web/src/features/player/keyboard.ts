/** What a key does in the player (issue 12: space/k, arrows, f, m, c). */
export type PlayerAction =
  'togglePlay' | 'seekBack' | 'seekForward' | 'fullscreen' | 'mute' | 'captions';

/** Seconds the arrow keys move. */
export const SEEK_STEP_SECONDS = 10;

/**
 * Where the key was pressed: the player itself (or the video), a button, a menu (select), the
 * volume slider, the seek slider, or a text field.
 */
export type KeyTarget = 'player' | 'button' | 'select' | 'slider' | 'seek' | 'text';

export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const LETTERS: Record<string, PlayerAction> = {
  k: 'togglePlay',
  f: 'fullscreen',
  m: 'mute',
  c: 'captions',
};

/**
 * The action of a key press, or null to leave the key to the browser: shortcuts with modifiers
 * (browser and system keys), typing in a text field, space on a button (it presses the button),
 * space and arrows on a menu or the volume slider (they work those controls).
 */
export function actionForKey(press: KeyPress, target: KeyTarget): PlayerAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || target === 'text') return null;
  const letter = LETTERS[press.key.length === 1 ? press.key.toLowerCase() : ''];
  if (letter) return letter;
  const ownsArrows = target === 'select' || target === 'slider';
  if (press.key === ' ' || press.key === 'Spacebar') {
    return target === 'player' || target === 'seek' ? 'togglePlay' : null;
  }
  if (press.key === 'ArrowLeft') return ownsArrows ? null : 'seekBack';
  if (press.key === 'ArrowRight') return ownsArrows ? null : 'seekForward';
  return null;
}

/** What kind of control an element is, for actionForKey. */
export function keyTargetOf(element: Element | null): KeyTarget {
  if (!element) return 'player';
  const tag = element.tagName;
  if (tag === 'BUTTON') return 'button';
  if (tag === 'SELECT') return 'select';
  if (tag === 'TEXTAREA' || (element as HTMLElement).isContentEditable) return 'text';
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    if (input.type !== 'range') return 'text';
    return input.dataset.role === 'seek' ? 'seek' : 'slider';
  }
  return 'player';
}

/** Where a seek by the arrow keys lands, within the stream. */
export function seekTarget(current: number, duration: number, action: PlayerAction): number {
  const step = action === 'seekBack' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS;
  const end = Number.isFinite(duration) ? duration : Infinity;
  return Math.min(end, Math.max(0, current + step));
}
