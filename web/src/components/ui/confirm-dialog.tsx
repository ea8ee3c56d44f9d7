import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClasses, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
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
      initialFocus={confirmRef}
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(false)}>
            {pending?.cancelLabel ?? 'Cancel'}
          </Button>
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
