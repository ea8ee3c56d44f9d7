import { useCallback, useRef, useState, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  /** The button focused when the dialog opens (the confirm one unless told): 'cancel' for a choice that loses work. */
  focus?: 'confirm' | 'cancel';
}

interface Pending extends ConfirmOptions {
  message: string;
  resolve: (ok: boolean) => void;
}

/**
 * An accessible replacement for window.confirm: `await confirm(text)` resolves true on
 * confirm, false on cancel, Escape or an outside click. Render `dialog` once.
 */
export function useConfirm(): { confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = useCallback(
    (message: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setPending({ ...options, message, resolve })),
    [],
  );

  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => settle(false)}
      title={pending?.title ?? 'Please Confirm'}
      size="sm"
      initialFocus={pending?.focus === 'cancel' ? cancelRef : confirmRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={() => settle(false)}>
            {pending?.cancelLabel ?? 'Cancel'}
          </button>
          <button ref={confirmRef} type="button" className={buttonClasses(pending?.variant ?? 'primary')} onClick={() => settle(true)}>
            {pending?.confirmLabel ?? 'Confirm'}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-800 dark:text-slate-200">{pending?.message}</p>
    </Modal>
  );

  return { confirm, dialog };
}
