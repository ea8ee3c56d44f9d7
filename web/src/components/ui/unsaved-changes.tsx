import { createContext, useCallback, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { useConfirm } from './confirm-dialog';

export const DISCARD_TITLE = 'Discard unsaved changes?';
export const DISCARD_MESSAGE = 'Your changes have not been saved. Discard them, or keep editing to save them.';
export const KEEP_EDITING = 'Keep Editing';
export const DISCARD_CHANGES = 'Discard Changes';

type Report = (key: string, dirty: boolean) => void;
const UnsavedChangesContext = createContext<Report | null>(null);

/** A form inside a guarded dialog says whether it holds edits not saved yet (nothing outside one). */
export function useReportUnsaved(dirty: boolean) {
  const report = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    report?.(key, dirty);
    return () => report?.(key, false);
  }, [report, key, dirty]);
}

/**
 * Guards closing a dialog whose forms hold unsaved edits: `requestClose` closes at once when no form
 * reported any (useReportUnsaved), else asks "Discard unsaved changes?" (Keep Editing is focused; it,
 * Escape and a click outside keep the dialog open; Discard Changes closes it). Wrap the dialog's
 * content in `guard(…)` and render `dialog`.
 */
export function useDiscardGuard(onClose: () => void) {
  const dirty = useRef(new Set<string>());
  const asking = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { confirm, dialog } = useConfirm();

  const report = useCallback<Report>((key, isDirty) => {
    if (isDirty) dirty.current.add(key);
    else dirty.current.delete(key);
  }, []);

  const requestClose = useCallback(async () => {
    if (dirty.current.size === 0) {
      onCloseRef.current();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    const discard = await confirm(DISCARD_MESSAGE, {
      title: DISCARD_TITLE,
      confirmLabel: DISCARD_CHANGES,
      cancelLabel: KEEP_EDITING,
      variant: 'danger',
      focus: 'cancel',
    });
    asking.current = false;
    if (discard) onCloseRef.current();
  }, [confirm]);

  /** The dialog's content, with its forms able to report unsaved edits. */
  const guard = (children: ReactNode) => <UnsavedChangesContext.Provider value={report}>{children}</UnsavedChangesContext.Provider>;

  return { requestClose: () => void requestClose(), dialog, guard };
}
