import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { preloadHls } from './load-hls';

/** A link to a play page that starts fetching the player library as soon as it is aimed at. */
export function PlayLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className} onPointerEnter={preloadHls} onFocus={preloadHls}>
      {children}
    </Link>
  );
}
