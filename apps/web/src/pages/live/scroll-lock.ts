import { useEffect } from 'react';

/** Stops the page from scrolling while a part that needs it (the programme list) is open. */
export function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, []);
}
