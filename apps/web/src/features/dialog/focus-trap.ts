/** Controls that Tab can reach, before filtering out the hidden and the disabled. */
const CANDIDATES = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[tabindex]',
].join(',');

/**
 * Where Tab should send focus inside a trap of `count` controls when focus is at `current`
 * (-1: on none of them), or null to let the browser move focus as usual. Tab from the last
 * control wraps to the first, Shift+Tab from the first wraps to the last.
 */
export function wrapIndex(current: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}

interface TabbableInfo {
  disabled: boolean;
  tabIndex: number;
  visible: boolean;
  /** For radio buttons: whether another radio of the same group is the checked one. */
  radioOutOfTurn: boolean;
}

/** Whether Tab stops at an element with these properties. */
export function isTabStop(info: TabbableInfo): boolean {
  return !info.disabled && info.tabIndex >= 0 && info.visible && !info.radioOutOfTurn;
}

function radioOutOfTurn(element: Element, root: ParentNode): boolean {
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked) {
    return false;
  }
  const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter(
    (radio) => radio.name === element.name && radio.form === element.form,
  );
  // Without a checked radio, Tab stops at the first of the group.
  return group.some((radio) => radio.checked) || group[0] !== element;
}

/** The controls of `root` in Tab order (document order; positive tabindex is not used here). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(CANDIDATES)).filter((element) =>
    isTabStop({
      disabled:
        (element as HTMLButtonElement).disabled === true || element.closest('[inert]') !== null,
      tabIndex: element.tabIndex,
      visible: element.getClientRects().length > 0,
      radioOutOfTurn: radioOutOfTurn(element, root),
    }),
  );
}

/** Keeps Tab and Shift+Tab inside `root`. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(root);
  const current = stops.indexOf(document.activeElement as HTMLElement);
  const next = wrapIndex(current, stops.length, event.shiftKey);
  if (next === null) return;
  event.preventDefault();
  stops[next]?.focus();
}
