/** What a key does in the player (issue 12: space/k, arrows, f, m, c). */
export type PlayerAction =
  'togglePlay' | 'seekBack' | 'seekForward' | 'fullscreen' | 'mute' | 'captions';

/** Seconds the arrow keys move. */
export const SEEK_STEP_SECONDS = 10;

/**
 * Where the key was pressed: the player itself (or the video), a button, a menu (select), the
 * volume slider, the seek slider, a text field, or (outside the player) a widget of the page that
 * moves by arrow keys itself (tabs, a menu, a list box).
 */
export type KeyTarget = 'player' | 'button' | 'select' | 'slider' | 'seek' | 'text' | 'widget';

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
  const ownsArrows = target === 'select' || target === 'slider' || target === 'widget';
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

/** Roles whose own arrow (and space) keys move within them (WAI-ARIA composite widgets). */
const ARROW_WIDGETS =
  '[role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="radiogroup"], ' +
  '[role="grid"], [role="tree"], [role="slider"], [role="spinbutton"], [role="combobox"]';

/**
 * Where a key pressed outside the player lands, for the page-wide keys of the play and live pages
 * (issue 20 item 11): null where the page keeps every key (a text field, a menu, an editable
 * element, a dialog: typing and dialogs come first, as on YouTube); otherwise as keyTargetOf, a
 * widget of the page keeping its arrows and space. A link or the page itself counts as the player.
 */
export function pageKeyTargetOf(element: Element | null): KeyTarget | null {
  if (!element || element.tagName === 'BODY' || element.tagName === 'HTML') return 'player';
  if (element.closest('dialog, [role="dialog"], [role="alertdialog"]')) return null;
  const target = keyTargetOf(element);
  if (target === 'text' || target === 'select') return null;
  if (element.closest('[contenteditable]:not([contenteditable="false"])')) return null;
  if ((target === 'player' || target === 'button') && element.closest(ARROW_WIDGETS)) {
    return 'widget';
  }
  return target;
}
