import { useEffect, useRef, type RefObject } from 'react';
import { actionForKey, pageKeyTargetOf, type PlayerAction } from './keyboard';

/**
 * The player's keys on the whole page (issue 20 item 11): on the play and live pages space,
 * arrows, k, f, m and c work wherever focus is — right after the page loads (focus on <body>),
 * after the big play button went away, on a channel link just clicked — except in a text field,
 * a menu, an editable element or a dialog, and except where the page uses the key itself (a
 * button's space, a tab list's arrows). Keys inside the player are its own (Player's onKeyDown).
 */
export function usePageKeys(
  frameRef: RefObject<HTMLElement | null>,
  perform: (action: PlayerAction) => void,
  enabled: boolean,
): void {
  const performRef = useRef(perform);
  useEffect(() => {
    performRef.current = perform;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const frame = frameRef.current;
      if (event.defaultPrevented || !frame || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && frame.contains(target)) return;
      const where = pageKeyTargetOf(target);
      if (!where) return;
      const action = actionForKey(event, where);
      if (!action) return;
      event.preventDefault();
      performRef.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [frameRef, enabled]);
}
