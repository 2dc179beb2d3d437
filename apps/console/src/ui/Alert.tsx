import type { ReactNode } from 'react';

/** A message read out as soon as it appears (role=alert). */
export function Alert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
}) {
  return (
    <div role="alert" className={`alert alert--${tone}`}>
      {children}
    </div>
  );
}
