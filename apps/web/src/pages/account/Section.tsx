import type { ReactNode } from 'react';

/** One section of the account centre: a heading that names it, and an anchor to reach it by. */
export function Section({
  id,
  heading,
  wide = false,
  children,
}: {
  id: string;
  heading: string;
  /** Spans the whole width (tables, the partner forms). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`account-centre__section${wide ? ' account-centre__section--wide' : ''}`}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}
