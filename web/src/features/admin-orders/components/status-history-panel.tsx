import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { custodyRefusal } from '@gs/shared/book';
import { formatDateTime } from '@gs/shared/dates';
import { isReleaseStatus } from '@gs/shared/invoice';
import { addStatusUpdateSchema, editStatusUpdateSchema, type AddStatusUpdateInput, type EditStatusUpdateInput } from '@gs/shared/schemas/admin-orders';
import { ADMIN_STATUSES, statusLabel } from '@gs/shared/statuses';
import { adminMessages } from '@gs/shared/admin-messages';
import { customerToldTexts } from '@gs/shared/customer-told';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { StatusUpdateItem } from '@/components/status/status-update-item';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { bodySchema, errorTexts, formCheck, schemaResolver, useSchemaForm } from '@/lib/form';
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

interface PostValues {
  status: string;
  notes: string;
  releaseOverrideReason: string;
  /** Tell the customer (checked by default); an internal note tells no one. */
  notifyCustomer: boolean;
  internal: boolean;
}

const blankPost = { notes: '', releaseOverrideReason: '', notifyCustomer: true, internal: false };

/** The body of a post: the default text without notes; the override reason only for a release status; internal or whether to notify. */
const postInput = (v: PostValues): AddStatusUpdateInput => ({
  status: v.status,
  notes: v.notes.trim() || undefined,
  releaseOverrideReason: isReleaseStatus(v.status) ? v.releaseOverrideReason.trim() || undefined : undefined,
  ...(v.internal ? { internal: true } : v.notifyCustomer ? {} : { notifyCustomer: false }),
});

/**
 * The route's own schema (so the panel refuses what the server would, with its words), the A&D book's rule
 * (a status needs the intake or the release it says happened) and the release rule the server applies with the
 * balance it knows: a reason before a firearm leaves unpaid.
 */
const postSchema = (order: AdminOrderDetail | undefined) =>
  bodySchema(postInput, addStatusUpdateSchema).check(
    formCheck<AddStatusUpdateInput>((body, ctx) => {
      const custody = order ? custodyRefusal(order, body.status) : null;
      // The server's rules of an internal note: it has text and keeps the status.
      if (body.internal && !body.notes) ctx.addIssue({ code: 'custom', path: ['notes'], message: adminMessages.messageEmpty });
      if (body.internal && order && body.status !== order.currentStatus) ctx.addIssue({ code: 'custom', path: ['status'], message: adminMessages.internalChangesStatus });
      else if (custody) ctx.addIssue({ code: 'custom', path: ['status'], message: custody });
      else if (order && releaseNeedsOverride(order, body.status) && !body.releaseOverrideReason) {
        ctx.addIssue({ code: 'custom', path: ['releaseOverrideReason'], message: releaseHint(order, body.status) });
      }
    }),
  );

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
  const post = useSchemaForm<PostValues, AddStatusUpdateInput>({
    resolver: schemaResolver(postSchema(order)),
    defaultValues: { status: order?.currentStatus ?? ADMIN_STATUSES[0], ...blankPost },
  });
  const { status, notes, releaseOverrideReason: override, internal, notifyCustomer } = post.watch();
  const postErrors = errorTexts(post.formState.errors);
  // The server refused a release the panel did not know was owed (the balance changed meanwhile).
  const [serverAsked, setServerAsked] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The message being edited, in a form of its own (the edit route's schema).
  const [editingId, setEditingId] = useState<string | null>(null);
  const editForm = useSchemaForm<EditStatusUpdateInput>({ resolver: schemaResolver(editStatusUpdateSchema), defaultValues: { notes: '' } });
  const editText = editForm.watch('notes');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // A message typed but not posted, or an edit of one not saved: the modal asks before discarding them.
  const editedFrom = editingId !== null ? (history.data ?? order?.updates)?.find((u) => u.id === editingId)?.notes : undefined;
  useReportUnsaved(notes.trim() !== '' || override.trim() !== '' || (editingId !== null && editText !== editedFrom));

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The picker follows the order's status until the admin chooses another one.
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current && order?.currentStatus) post.setValue('status', order.currentStatus);
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

  // What the A&D book needs first (Receive or Release Firearm) comes before any override: no reason is asked for then.
  const custody = custodyRefusal(order, status);
  const askOverride = !custody && (releaseNeedsOverride(order, status) || (serverAsked && isReleaseStatus(status)));
  const updates = history.data ?? order.updates;

  const onAdd = async (input: AddStatusUpdateInput) => {
    try {
      await add.mutateAsync({ orderId: order.id, ...input });
      post.reset({ status: post.getValues('status'), ...blankPost });
      setServerAsked(false);
      touched.current = false;
      flash(statusPanelMessages.added);
      refreshSoon();
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? err.fields : {};
      if (fields.releaseOverrideReason) {
        // The release refusal names the balance: it is shown at the reason it asks for.
        setServerAsked(true);
        post.setError('releaseOverrideReason', { type: 'server', message: fields.releaseOverrideReason });
      } else if (fields.notes) {
        post.setError('notes', { type: 'server', message: fields.notes });
      } else if (fields.status) {
        // The A&D book's refusal (Receive Firearm or Release Firearm first), at the status.
        post.setError('status', { type: 'server', message: fields.status });
      } else setError(statusPanelMessages.addFailed);
    }
  };

  const startEdit = (update: StatusUpdate) => {
    setEditingId(update.id);
    editForm.reset({ notes: update.notes ?? '' });
  };

  const onSaveEdit = async (update: StatusUpdate, { notes: text }: EditStatusUpdateInput) => {
    setError(null);
    try {
      await edit.mutateAsync({ orderId: order.id, updateId: update.id, notes: text });
      setEditingId(null);
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

      <form
        onSubmit={(event) => {
          setError(null);
          void post.handleSubmit(onAdd)(event);
        }}
        noValidate
        aria-label="Post status message"
        className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      >
        {/* Controlled: its options follow its value (a status staff do not set keeps its own option). */}
        <SelectField
          label="Status"
          {...post.register('status', {
            onChange: () => {
              touched.current = true;
              post.clearErrors('status');
            },
          })}
          value={status}
          error={postErrors.status}
          hint={postErrors.status ? undefined : (custody ?? undefined)}
        >
          {(ADMIN_STATUSES as readonly string[]).includes(status) ? null : <option value={status}>{statusLabel(status)}</option>}
          {ADMIN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Message"
          rows={2}
          placeholder={internal ? customerToldTexts.internalPlaceholder : 'Message for the customer (optional)'}
          {...post.register('notes', { onChange: () => post.clearErrors('notes') })}
          error={postErrors.notes}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {/* An internal note is never sent: the notify box goes off (and disabled) with it. */}
          <label className={`flex items-start gap-2 text-sm font-medium ${internal ? 'text-slate-500 dark:text-slate-400' : ''}`} title={customerToldTexts.notifyCustomerHint}>
            <input type="checkbox" {...post.register('notifyCustomer')} checked={internal ? false : notifyCustomer} disabled={internal} className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-slate-900 dark:accent-amber-400" />
            {customerToldTexts.notifyCustomer}
          </label>
          <label className="flex items-start gap-2 text-sm font-medium" title={customerToldTexts.internalNoteHint}>
            <input type="checkbox" {...post.register('internal', { onChange: () => post.clearErrors(['status', 'notes']) })} className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-slate-900 dark:accent-amber-400" />
            {customerToldTexts.internalNote}
          </label>
        </div>
        {internal ? <p className="text-xs text-slate-600 dark:text-slate-400">{customerToldTexts.internalNoteHint}</p> : null}
        {askOverride ? (
          <TextAreaField
            label="Override reason"
            required
            rows={2}
            placeholder="Why the firearm is released before full payment"
            {...post.register('releaseOverrideReason', { onChange: () => post.clearErrors('releaseOverrideReason') })}
            error={postErrors.releaseOverrideReason}
            hint={releaseNeedsOverride(order, status) ? releaseHint(order, status) : undefined}
          />
        ) : null}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Posting...' : internal ? 'Add Internal Note' : 'Post Update'}
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
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => startEdit(update)} aria-label={`Edit message from ${formatDateTime(update.createdAt)}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" className="px-2 py-1 text-xs text-red-700 dark:text-red-300" onClick={() => void onDelete(update)} aria-label={`Delete message from ${formatDateTime(update.createdAt)}`}>
                      Delete
                    </Button>
                  </div>
                )
              }
            >
              {editingId === update.id ? (
                <div className="mt-2 space-y-2">
                  {/* Typing takes the message's error away. */}
                  <TextAreaField
                    label="Edit message"
                    rows={2}
                    {...editForm.register('notes', { onChange: () => editForm.clearErrors('notes') })}
                    error={editForm.formState.errors.notes?.message}
                  />
                  <div className="flex gap-2">
                    <Button className="px-3 py-1" onClick={() => void editForm.handleSubmit((input) => onSaveEdit(update, input))()} disabled={edit.isPending}>
                      Save
                    </Button>
                    <Button variant="secondary" className="px-3 py-1" onClick={() => setEditingId(null)}>
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
