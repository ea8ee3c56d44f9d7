import { useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useOverflows } from '@/lib/use-overflows';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  xl: 'max-w-6xl',
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

// Open modals, innermost last: only the top one reacts to Escape and traps Tab (a confirm
// dialog opened from an edit modal must not close the edit modal too).
const openStack: symbol[] = [];

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-5" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons pinned under the scrolling body. */
  footer?: ReactNode;
  /** Element to focus on open; defaults to the first focusable element in the body. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** Extra description for screen readers (id of an element inside the modal). */
  describedBy?: string;
}

/**
 * The one dialog of the app: draggable by its header, closes on Escape or a click on the
 * backdrop, traps focus while open and gives it back to the element that opened it.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({ onClose, title, size = 'md', children, footer, initialFocus, describedBy }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; baseX: number; baseY: number } | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // A body that scrolls takes focus so the keyboard can scroll it (e.g. the work order preview has no control in it).
  const [bodyRef, bodyScrolls] = useOverflows<HTMLDivElement>();

  // Register as the top modal; remember the opener and return focus to it on close.
  useLayoutEffect(() => {
    const key = Symbol('modal');
    openStack.push(key);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocus?.current ?? focusableIn(panel).find((el) => !el.dataset.modalClose && !el.dataset.modalBody) ?? panel;
      target.focus();
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== key || !panelRef.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panelRef.current);
      if (items.length === 0) {
        event.preventDefault();
        panelRef.current.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && panelRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside || active === panelRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openStack.indexOf(key);
      if (index >= 0) openStack.splice(index, 1);
      if (openStack.length === 0) document.body.style.overflow = previousOverflow;
      // The opener may have been removed (e.g. the row of a deleted order): then leave focus alone.
      if (opener && opener.isConnected) opener.focus();
    };
    // Runs once per opening; the latest onClose is read through the ref.
  }, []);

  useEffect(() => {
    const onResize = () => setOffset({ x: 0, y: 0 });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onHeaderPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, baseX: offset.x, baseY: offset.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onHeaderPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    setOffset({ x: d.baseX + event.clientX - d.startX, y: d.baseY + event.clientY - d.startY });
  };
  const endDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return createPortal(
    <div
      data-testid="modal-backdrop"
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/60 p-2 sm:items-center sm:p-6"
      onPointerDown={(event) => {
        // Only a press that starts on the backdrop itself counts as an outside click.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
        className={`relative my-auto flex max-h-[calc(100dvh-1rem)] w-full flex-col rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl focus:outline-none sm:max-h-[calc(100dvh-3rem)] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${sizes[size]}`}
      >
        <div
          data-testid="modal-drag-handle"
          onPointerDown={onHeaderPointerDown}
          onPointerMove={onHeaderPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          className="flex cursor-move touch-none items-start justify-between gap-4 rounded-t-xl border-b border-slate-200 px-5 py-3 select-none dark:border-slate-700"
        >
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            data-modal-close="true"
            onClick={onClose}
            className="-mr-2 shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <CloseIcon />
          </button>
        </div>
        <div
          ref={bodyRef}
          data-modal-body="true"
          {...(bodyScrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4"
        >
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 rounded-b-xl border-t border-slate-200 px-5 py-3 dark:border-slate-700">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
