import { useState } from 'react';
import { ADMIN_TEXT_MAX_LENGTH, ITEMS_RECEIVED_MAX_LENGTH } from '@gs/shared/admin-messages';
import type { Intake } from '@gs/shared/api-types';
import { updateAdminOrderSchema, type UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { bodySchema, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useUpdateAdminOrder } from '../api/update-admin-order';
import type { AdminOrder } from '../types';
import { refusal, serverFields } from './firearm-shared';

export const INTAKE_NOTES_FAILED = 'Failed to save the intake notes. Please try again.';

interface NotesValues {
  conditionNotes: string;
  itemsReceived: string;
}

/** PATCH /api/admin/orders/{orderId} with the two notes (blank clears one). */
const notesInput = (values: NotesValues, version: number): UpdateAdminOrderInput => ({
  version,
  conditionNotes: values.conditionNotes.trim() || null,
  itemsReceived: values.itemsReceived.trim() || null,
});

/**
 * The intake's condition notes and what came with the firearm, edited in place (they are not A&D book columns:
 * the book's are corrected with Correct Book Entry); the staff audit log keeps before → after.
 */
export function IntakeNotesForm({ order, intake, onDone, onCancel }: { order: AdminOrder; intake: Intake; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateAdminOrder();
  // The route's own schema, so the form refuses what the server would, with its words.
  const form = useSchemaForm<NotesValues, UpdateAdminOrderInput>({
    resolver: schemaResolver(bodySchema((v: NotesValues) => notesInput(v, order.version), updateAdminOrderSchema)),
    defaultValues: { conditionNotes: intake.conditionNotes, itemsReceived: intake.itemsReceived },
  });
  const { register } = form;
  const { conditionNotes, itemsReceived } = form.watch();
  const errors = errorTexts(form.formState.errors);
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(conditionNotes !== intake.conditionNotes || itemsReceived !== intake.itemsReceived);

  const save = async (input: UpdateAdminOrderInput) => {
    try {
      await update.mutateAsync({ orderId: order.id, input });
      onDone();
    } catch (error) {
      showErrors(form, serverFields(error));
      setMessage(refusal(error, INTAKE_NOTES_FAILED));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(save)(event);
      }}
      noValidate
      aria-label="Intake notes"
      className="space-y-3"
    >
      <TextAreaField label="Condition Notes" {...register('conditionNotes')} error={errors.conditionNotes} maxLength={ADMIN_TEXT_MAX_LENGTH} rows={3} />
      <TextAreaField label="Items Received With It" {...register('itemsReceived')} error={errors.itemsReceived} maxLength={ITEMS_RECEIVED_MAX_LENGTH} rows={2} />
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </form>
  );
}
