import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import type { Address } from '@gs/shared/address';
import { dateMessages } from '@gs/shared/dates';
import { receiveFirearmSchema } from '@gs/shared/schemas/book-receive';
import { releaseFirearmSchema } from '@gs/shared/schemas/book-release';
import { IntakeForm, intakeDefaults, intakeInput } from '@/features/admin-orders/components/intake-form';
import { ReleaseForm, releaseDefaults, releaseInput } from '@/features/admin-orders/components/release-form';
import { bodySchema, errorTexts, schemaResolver } from '@/lib/form';
import { stubAdminApi } from './api-stub';
import { baseOrder } from './fixtures';
import { renderWithClient } from './render';

const HOME: Address = { line1: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' };
/** What the server refuses with the date message (test/integration/dates.test.ts): the forms say the same. */
const IMPOSSIBLE = ['2026-13-40', '2026-02-30', '2025-02-29', '', 'yesterday', '2026-1-5'];

/** The messages a form's resolver gives its values, by field (the resolver never throws). */
async function messagesOf<V extends object>(resolver: Resolver<V, unknown, unknown>, values: V) {
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return errorTexts(errors);
}

describe('the date fields of the staff forms: the shared calendar-date schema, as the server checks it', () => {
  const order = { ...baseOrder, firearmType: 'pistol' as const };
  const intakeResolver = () => schemaResolver(bodySchema((v: ReturnType<typeof intakeDefaults>) => intakeInput(v, order.version), receiveFirearmSchema));

  it.each(IMPOSSIBLE)('Receive and Release refuse %j with the date message, and only it', async (day) => {
    expect(await messagesOf(intakeResolver(), { ...intakeDefaults(order, HOME), receivedOn: day })).toEqual({ receivedOn: dateMessages.invalid });
    const release = schemaResolver(bodySchema((v: ReturnType<typeof releaseDefaults>) => releaseInput(v, order), releaseFirearmSchema));
    const values = { ...releaseDefaults(order, HOME), method: 'pickup' as const, releasedOn: day };
    expect((await messagesOf(release, values)).releasedOn).toBe(dateMessages.invalid);
  });

  it('a leap day that exists passes', async () => {
    expect(await messagesOf(intakeResolver(), { ...intakeDefaults(order, HOME), receivedOn: '2024-02-29' })).toEqual({});
  });

  const forms = {
    'Receive Firearm': { path: 'receive', label: 'Date Received', submit: 'Record Intake', typed: '2026-02-30', form: () => <IntakeForm order={order} customerAddress={HOME} onDone={vi.fn()} onCancel={vi.fn()} /> },
    'Release Firearm': { path: 'release', label: 'Date Released', submit: /Release/, typed: '2025-02-29', form: () => <ReleaseForm order={order} customerAddress={HOME} onDone={vi.fn()} onCancel={vi.fn()} /> },
  };

  it.each(Object.entries(forms))('%s: an impossible date typed in is refused at the field, and nothing is sent', async (_, { path, label, submit, typed, form }) => {
    const user = userEvent.setup();
    const send = vi.fn(() => [200, baseOrder] as [number, unknown]);
    stubAdminApi({ [`POST /api/admin/orders/${baseOrder.id}/${path}`]: send });
    renderWithClient(form());
    const date = screen.getByLabelText(label);
    fireEvent.change(date, { target: { value: typed } });
    await user.click(screen.getByRole('button', { name: submit }));
    expect(date).toHaveAccessibleDescription(dateMessages.invalid);
    await waitFor(() => expect(send).not.toHaveBeenCalled());
  });
});
