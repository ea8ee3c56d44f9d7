import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT_MAX_LENGTH } from '@gs/shared/admin-messages';
import type { Intake } from '@gs/shared/api-types';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import type { FieldErrors } from '@/lib/field-errors';
import { useUpdateAdminOrder } from '../api/update-admin-order';
import type { AdminOrder } from '../types';
import { refusal, serverFields } from './firearm-shared';

export const INTAKE_NOTES_FAILED = 'Failed to save the intake notes. Please try again.';

/**
 * The intake's condition notes and what came with the firearm, edited in place (they are not A&D book columns:
 * the book's are corrected with Correct Book Entry); the staff audit log keeps before → after.
 */
export function IntakeNotesForm({ order, intake, onDone, onCancel }: { order: AdminOrder; intake: Intake; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateAdminOrder();
  const [condition, setCondition] = useState(intake.conditionNotes);
  const [items, setItems] = useState(intake.itemsReceived);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(condition !== intake.conditionNotes || items !== intake.itemsReceived);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setErrors({});
    try {
      await update.mutateAsync({ orderId: order.id, input: { version: order.version, conditionNotes: condition.trim() || null, itemsReceived: items.trim() || null } });
      onDone();
    } catch (error) {
      setErrors(serverFields(error));
      setMessage(refusal(error, INTAKE_NOTES_FAILED));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Intake notes" className="space-y-3">
      <TextAreaField label="Condition Notes" value={condition} onChange={(e) => setCondition(e.target.value)} error={errors.conditionNotes} maxLength={ADMIN_TEXT_MAX_LENGTH} rows={3} />
      <TextAreaField label="Items Received With It" value={items} onChange={(e) => setItems(e.target.value)} error={errors.itemsReceived} maxLength={500} rows={2} />
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
