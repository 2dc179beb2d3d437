import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexForKey } from './keys';
import './Tabs.css';

export interface TabItem {
  key: string;
  title: string;
  panel: ReactNode;
}

interface TabsProps {
  /** Accessible name of the tablist. */
  label: string;
  items: TabItem[];
  defaultIndex?: number;
  /**
   * Lay every panel in the same grid cell, so the box is as tall as the tallest panel and does
   * not jump when the tab changes (SPEC §2 part 6: grid height equals the tallest tab).
   */
  stacked?: boolean;
  className?: string;
}

/** An ARIA tablist with automatic activation: arrows, Home and End move and select. */
export function Tabs({ label, items, defaultIndex = 0, stacked = false, className }: TabsProps) {
  const [selected, setSelected] = useState(defaultIndex);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(selected, Math.max(0, items.length - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexForKey(event.key, current, items.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={`tabs${stacked ? ' tabs--stacked' : ''} ${className ?? ''}`.trim()}>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(index)}
          >
            {item.title}
          </button>
        ))}
      </div>
      <div className="tabs__panels">
        {items.map((item, index) => (
          <div
            key={item.key}
            role="tabpanel"
            id={`${baseId}-panel-${index}`}
            aria-labelledby={`${baseId}-tab-${index}`}
            className={`tabs__panel${index === current ? '' : ' tabs__panel--inactive'}`}
            hidden={!stacked && index !== current}
            inert={index !== current}
          >
            {item.panel}
          </div>
        ))}
      </div>
    </div>
  );
}
