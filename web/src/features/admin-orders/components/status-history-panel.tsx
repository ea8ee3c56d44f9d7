import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@gs/shared/admin-messages';
import { formatDateTime } from '@gs/shared/dates';
import { isReleaseStatus } from '@gs/shared/invoice';
import { ADMIN_STATUSES, statusLabel } from '@gs/shared/statuses';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { StatusUpdateItem } from '@/components/status/status-update-item';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';
import { useAddStatusUpdate } from '../api/add-status-update';
import { useAdminOrderUpdates } from '../api/get-admin-order-updates';
import { useDeleteStatusUpdate } from '../api/delete-status-update';
import { useEditStatusUpdate } from '../api/edit-status-update';
import { releaseHint, releaseNeedsOverride } from '../release';
import type { AdminOrderDetail, StatusUpdate } from '../types';

import { STATUS_REFRESH_MS } from './refresh';

export { STATUS_REFRESH_MS };
export const REFRESH_AFTER_SAVE_MS = 500;
export const SUCCESS_VISIBLE_MS = 3000;

export const statusPanelMessages = {
  loadFailed: 'Failed to load status updates. Please try again.',
  loadOlder: 'Load older',
  addFailed: 'Failed to add note. Please try again.',
  updateFailed: 'Failed to update message. Please try again.',
  deleteFailed: 'Failed to delete message. Please try again.',
  added: 'Note added successfully!',
  deleted: 'Message deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this message? This action cannot be undone.',
} as const;

export interface StatusHistoryPanelProps {
  order: AdminOrderDetail | undefined;
  isError: boolean;
  isFetching: boolean;
  onRefresh: () => void;
}

/**
 * Admin Status History and Communication: every staff message and customer note, newest
 * first: the newest page the order brought, older ones on "Load older". Staff messages can be
 * edited and deleted; customer notes cannot. The owner of the order query refreshes it every 30 s,
 * the history too (every page loaded, so older entries opened stay); both refresh 500 ms after a save.
 */
export function StatusHistoryPanel({ order, isError, isFetching, onRefresh }: StatusHistoryPanelProps) {
  const queryClient = useQueryClient();
  const history = useAdminOrderUpdates(order, { refetchInterval: STATUS_REFRESH_MS });
  const add = useAddStatusUpdate();
  const edit = useEditStatusUpdate();
  const remove = useDeleteStatusUpdate();
  const { confirm, dialog } = useConfirm();
  const [status, setStatus] = useState(order?.currentStatus ?? ADMIN_STATUSES[0]);
  const [notes, setNotes] = useState('');
  const [override, setOverride] = useState('');
  const [overrideError, setOverrideError] = useState<string | null>(null);
  // The server refused a release the panel did not know was owed (the balance changed meanwhile).
  const [serverAsked, setServerAsked] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string; error?: string } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // A message typed but not posted, or an edit of one not saved: the modal asks before discarding them.
  const editedFrom = editing ? (history.data ?? order?.updates)?.find((u) => u.id === editing.id)?.notes : undefined;
  useReportUnsaved(notes.trim() !== '' || override.trim() !== '' || (editing !== null && editing.text !== editedFrom));

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The picker follows the order's status until the admin chooses another one.
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current && order?.currentStatus) setStatus(order.currentStatus);
  }, [order?.currentStatus]);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };
  const flash = (text: string) => {
    setSuccess(text);
    later(() => setSuccess((current) => (current === text ? null : current)), SUCCESS_VISIBLE_MS);
  };
  const refreshSoon = () => {
    if (!order) return;
    const orderId = order.id;
    later(() => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists });
    }, REFRESH_AFTER_SAVE_MS);
  };

  if (!order) {
    return (
      <section className="space-y-3">
        <h3 className="text-base font-semibold">Status History and Communication</h3>
        {isError ? <Alert tone="error">{statusPanelMessages.loadFailed}</Alert> : <Spinner className="size-6" />}
      </section>
    );
  }

  const askOverride = releaseNeedsOverride(order, status) || (serverAsked && isReleaseStatus(status));
  const updates = history.data ?? order.updates;

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (releaseNeedsOverride(order, status) && !override.trim()) {
      setOverrideError(releaseHint(order, status));
      return;
    }
    try {
      await add.mutateAsync({
        orderId: order.id,
        status,
        notes: notes.trim() || undefined,
        releaseOverrideReason: isReleaseStatus(status) ? override.trim() || undefined : undefined,
      });
      setNotes('');
      setOverride('');
      setOverrideError(null);
      setServerAsked(false);
      touched.current = false;
      flash(statusPanelMessages.added);
      refreshSoon();
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? err.fields : {};
      const refusal = fields.releaseOverrideReason ?? fields.status;
      if (refusal) {
        // The release refusal names the balance: it is shown at the reason it asks for.
        setServerAsked(true);
        setOverrideError(refusal);
      } else setError(statusPanelMessages.addFailed);
    }
  };

  const onSaveEdit = async (update: StatusUpdate) => {
    if (!editing) return;
    const text = editing.text.trim();
    if (!text) {
      setEditing({ ...editing, error: adminMessages.messageEmpty });
      return;
    }
    setError(null);
    try {
      await edit.mutateAsync({ orderId: order.id, updateId: update.id, notes: text });
      setEditing(null);
      refreshSoon();
    } catch {
      setError(statusPanelMessages.updateFailed);
    }
  };

  const onDelete = async (update: StatusUpdate) => {
    setError(null);
    if (!(await confirm(statusPanelMessages.deleteConfirm, { confirmLabel: 'Delete', variant: 'danger' }))) return;
    try {
      await remove.mutateAsync({ orderId: order.id, updateId: update.id });
      flash(statusPanelMessages.deleted);
      refreshSoon();
    } catch {
      setError(statusPanelMessages.deleteFailed);
    }
  };

  return (
    <section aria-labelledby={`history-${order.id}`} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`history-${order.id}`} className="text-base font-semibold">
          Status History and Communication
        </h3>
        <Button
          variant="ghost"
          className="px-2 py-1"
          onClick={() => {
            onRefresh();
            void history.refetch();
          }}
          disabled={isFetching || history.isFetching}
          aria-label="Refresh status history"
        >
          <RefreshIcon />
          <span className="hidden sm:inline">Refresh</span>
        </Button>
      </div>

      <div aria-live="polite" role="status">
        {success ? <Alert tone="success">{success}</Alert> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {isError || history.isError ? <Alert tone="error">{statusPanelMessages.loadFailed}</Alert> : null}

      <form onSubmit={onAdd} noValidate aria-label="Post status message" className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            touched.current = true;
            setStatus(event.target.value);
          }}
        >
          {(ADMIN_STATUSES as readonly string[]).includes(status) ? null : <option value={status}>{statusLabel(status)}</option>}
          {ADMIN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Message" rows={2} placeholder="Message for the customer (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} />
        {askOverride ? (
          <TextAreaField
            label="Override reason"
            required
            rows={2}
            placeholder="Why the firearm is released before full payment"
            value={override}
            onChange={(event) => {
              setOverride(event.target.value);
              setOverrideError(null);
            }}
            error={overrideError ?? undefined}
            hint={releaseNeedsOverride(order, status) ? releaseHint(order, status) : undefined}
          />
        ) : null}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Posting...' : 'Post Update'}
        </Button>
      </form>

      {updates.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No status updates yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Status history">
          {updates.map((update) => (
            <StatusUpdateItem
              key={update.id}
              update={update}
              staff
              actions={
                update.isCustomerNote ? null : (
                  <div className="flex gap-1">
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing({ id: update.id, text: update.notes ?? '' })} aria-label={`Edit message from ${formatDateTime(update.createdAt)}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" className="px-2 py-1 text-xs text-red-700 dark:text-red-300" onClick={() => void onDelete(update)} aria-label={`Delete message from ${formatDateTime(update.createdAt)}`}>
                      Delete
                    </Button>
                  </div>
                )
              }
            >
              {editing?.id === update.id ? (
                <div className="mt-2 space-y-2">
                  <TextAreaField
                    label="Edit message"
                    rows={2}
                    value={editing.text}
                    error={editing.error}
                    onChange={(event) => setEditing({ id: update.id, text: event.target.value })}
                  />
                  <div className="flex gap-2">
                    <Button className="px-3 py-1" onClick={() => void onSaveEdit(update)} disabled={edit.isPending}>
                      Save
                    </Button>
                    <Button variant="secondary" className="px-3 py-1" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : undefined}
            </StatusUpdateItem>
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : statusPanelMessages.loadOlder}
          </Button>
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
