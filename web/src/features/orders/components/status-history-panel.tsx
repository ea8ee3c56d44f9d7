import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTE_MAX_LENGTH } from '@gs/shared/order-messages';
import { addNoteSchema, type AddNoteInput } from '@gs/shared/schemas/orders';
import { StatusUpdateItem } from '@/components/status/status-update-item';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { schemaResolver, useSchemaForm } from '@/lib/form';
import { orderKeys } from '@/lib/query-keys';
import { useOverflows } from '@/lib/use-overflows';
import { useAddOrderNote } from '../api/add-order-note';
import { useOrderUpdates } from '../api/get-order-updates';

export const LOAD_UPDATES_FAILED = 'Failed to load status updates. Please try again.';
export const ADD_NOTE_FAILED = 'Failed to add note. Please try again.';
export const NOTE_ADDED = 'Note added successfully!';
export const LOAD_OLDER = 'Load older';
/** The list refreshes this long after a save; success messages stay this long. */
export const REFRESH_AFTER_SAVE_MS = 500;
export const MESSAGE_VISIBLE_MS = 3_000;

/** A refused note that says why (a note limit: 429) shows the server's words; anything else the spec's. */
const noteError = (error: unknown) => (error instanceof ApiError && error.status === 429 ? error.message : ADD_NOTE_FAILED);

/**
 * Status history and notes of one order, newest first: the newest page, and older ones on "Load older".
 * Refreshed every 30 s and after a note (every page loaded is re-read, so older entries the customer
 * opened stay). Customers add notes here; they have no way to edit or delete any message.
 */
export function StatusHistoryPanel({ orderId }: { orderId: string }) {
  const headingId = useId();
  const noteId = useId();
  const queryClient = useQueryClient();
  const updates = useOrderUpdates(orderId);
  const addNote = useAddOrderNote();
  // POST /api/orders/{orderId}/notes' own schema (the note is sent trimmed, as it checks it).
  const form = useSchemaForm<AddNoteInput>({ resolver: schemaResolver(addNoteSchema), defaultValues: { text: '' } });
  const text = form.watch('text');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // A long history scrolls inside the panel; the list then takes focus so the keyboard can scroll it.
  const [listRef, listScrolls] = useOverflows<HTMLOListElement>();

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  const blank = text.trim() === '';
  // What the schema refused shows where the outcome of a note does.
  const refused = form.formState.errors.text?.message;
  const shown = refused ? ({ tone: 'error', text: refused } as const) : message;

  const submit = ({ text: note }: AddNoteInput) => {
    if (addNote.isPending) return;
    setMessage(null);
    addNote.mutate(
      { orderId, text: note },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          setMessage({ tone: 'success', text: NOTE_ADDED });
          later(() => void queryClient.invalidateQueries({ queryKey: orderKeys.updates(orderId) }), REFRESH_AFTER_SAVE_MS);
          later(() => setMessage((m) => (m?.text === NOTE_ADDED ? null : m)), MESSAGE_VISIBLE_MS);
        },
        onError: (error) => setMessage({ tone: 'error', text: noteError(error) }),
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold">
          Status History &amp; Communication
        </h3>
        <Button
          variant="ghost"
          className="px-2 py-1.5"
          aria-label="Refresh status history"
          title="Refresh status history"
          onClick={() => void updates.refetch()}
          disabled={updates.isFetching}
        >
          <RefreshIcon spinning={updates.isFetching} />
        </Button>
      </div>

      <div className="mt-3">
        {updates.isPending ? (
          <div role="status" aria-label="Loading status updates" className="flex justify-center py-4">
            <Spinner className="size-6" />
          </div>
        ) : !updates.data ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {LOAD_UPDATES_FAILED}
          </p>
        ) : updates.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No status updates yet.</p>
        ) : (
          <>
            <ol ref={listRef} aria-label="Status updates" tabIndex={listScrolls ? 0 : undefined} className="max-h-96 space-y-2 overflow-y-auto pr-1">
              {updates.data.map((update) => (
                <StatusUpdateItem key={update.id} update={update} />
              ))}
            </ol>
            {/* A refresh or an older page that failed: what was loaded stays on screen. */}
            {updates.isError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                {LOAD_UPDATES_FAILED}
              </p>
            ) : null}
            {updates.hasNextPage ? (
              <div className="mt-2 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void updates.fetchNextPage()}
                  disabled={updates.isFetchingNextPage}
                  aria-busy={updates.isFetchingNextPage}
                >
                  {updates.isFetchingNextPage ? 'Loading…' : LOAD_OLDER}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      {/* A blank note is not sent (the button is disabled until there is one). */}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) void form.handleSubmit(submit)(event);
        }}
        className="mt-4 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700"
      >
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Add a note for the shop
        </label>
        <textarea
          id={noteId}
          {...form.register('text')}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder="Ask a question or share details about your firearm"
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={blank || addNote.isPending}>
            {addNote.isPending ? 'Adding…' : 'Add Note'}
          </Button>
          {shown ? (
            <p
              role={shown.tone === 'error' ? 'alert' : 'status'}
              className={`text-sm font-medium ${
                shown.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'
              }`}
            >
              {shown.text}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
