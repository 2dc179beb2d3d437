import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { preloadHls } from './load-hls';

/** A link to a play page that starts fetching the player library as soon as it is aimed at. */
export function PlayLink({
  to,
  className,
  label,
  children,
}: {
  to: string;
  className?: string;
  /** An accessible name when the visible text alone does not say what plays. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={className}
      aria-label={label}
      onPointerEnter={preloadHls}
      onFocus={preloadHls}
    >
      {children}
    </Link>
  );
}
