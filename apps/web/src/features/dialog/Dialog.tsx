import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { tabStops, trapTab } from './focus-trap';
import './Dialog.css';

interface DialogProps {
  /** The dialog's heading, which also names it. */
  title: string;
  /** A sentence under the heading that describes it to assistive technology too. */
  description?: ReactNode;
  /** Escape and every cancel button call this; the parent then stops rendering the dialog. */
  onClose: () => void;
  /** 'wide' for media (a trailer's player). */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** Back to the control that opened the dialog; if it is gone, to the page's main content. */
function restoreFocus(opener: HTMLElement | null): void {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  // A dialog closing at the same time may already have put focus somewhere sensible.
  if (document.activeElement && document.activeElement !== document.body) return;
  document.getElementById('main')?.focus();
}

/**
 * A modal dialog: rendered while open, shown with showModal() so the page behind is inert,
 * focus moved in (to [data-autofocus] or the first control), Tab and Shift+Tab kept inside,
 * Escape closes, and focus returns to the opener.
 */
export function Dialog({ title, description, onClose, size = 'normal', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabStops(dialog)[0] ?? dialog;
    first.focus();
    const onKeyDown = (event: KeyboardEvent) => trapTab(event, dialog);
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Chromium may close without a cancelable cancel event (Escape pressed twice in a row).
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      restoreFocus(opener);
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      // Implicit on <dialog>; spelled out for tools that look for the attribute.
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={size === 'wide' ? 'dialog dialog--wide' : 'dialog'}
      tabIndex={-1}
      // React bubbles events through portals: a form in here must not submit the page's form.
      onSubmit={(event) => event.stopPropagation()}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="dialog__description">
          {description}
        </div>
      ) : null}
      {children}
    </dialog>,
    document.body,
  );
}
