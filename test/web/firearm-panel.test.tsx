import { releaseCheckMessages } from '@gs/shared/release-checks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '@gs/shared/address';
import type { BookLine, BookLineColumns, BookLineDetail, CustomersPage, Order, OrderDetail } from '@gs/shared/api-types';
import { bookMessages } from '@gs/shared/book';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { BOOK_LOCKED_HINT, EditOrderForm } from '@/features/admin-orders/components/edit-order-form';
import { FirearmPanel, INTAKE_RECORDED } from '@/features/admin-orders/components/firearm-panel';
import { localToday } from '@/features/admin-orders/components/firearm-shared';
import { type RouteHandler, stubAdminApi } from './api-stub';
import { baseOrder, invoice, makeProfile } from './fixtures';
import { renderWithClient } from './render';

const ORDER = `/api/admin/orders/${baseOrder.id}`;
const BOOK = `/api/admin/book/${baseOrder.id}`;
const home: Address = { line1: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' };
const cabin: Address = { line1: '9 Lake Rd', line2: 'Unit 2', city: 'Duluth', state: 'MN', postalCode: '55802' };

const intake = {
  receivedOn: '2026-01-06',
  from: 'customer' as const,
  fromName: 'Jane Doe',
  fromLicense: null,
  fromAddress: '12 Main St, Springfield, IL 62701',
  conditionNotes: 'Holster wear on the slide',
  itemsReceived: 'Case, 2 magazines',
  recordedAt: '2026-01-06T15:00:00.000Z',
};
const columns: BookLineColumns = {
  acquiredOn: '2026-01-06', from: 'customer', fromName: 'Jane Doe', fromLicense: '', fromAddress: intake.fromAddress, firearmType: 'pistol',
  manufacturer: 'Glock', importer: '', model: '19', serialNumber: 'ABC123', caliber: '9mm', disposedOn: '', to: '', toName: '', toLicense: '',
  toAddress: '', method: '', carrier: '', trackingNumber: '',
  toIdType: '', toIdIssuer: '', toIdLast4: '', toIsDeliverer: '', form4473Ref: '', adultSignature: '',
};
const bookLine = (overrides: Partial<BookLine> = {}): BookLine => ({
  orderId: baseOrder.id, orderNumber: baseOrder.orderNumber, lineNumber: 7, open: true, daysHeld: 3, current: columns, original: columns, corrections: [], ...overrides,
});
const received: Order = { ...baseOrder, firearmType: 'pistol', intake, currentStatus: 'firearm_received' };

/** The panel as the edit modal shows it: fed by the admin order query, so a change shows the server's answer. */
function Panel() {
  const order = useAdminOrder(baseOrder.id);
  return order.data ? <FirearmPanel order={order.data} /> : <p>Loading</p>;
}

/** Serves the order (GET), the customer search (with the customer's address) and the book line, and lets routes change the order. */
function serve(initial: Order, routes: Record<string, (body: unknown, state: Order) => [number, unknown] | Order> = {}, line: BookLine = bookLine()) {
  let state = initial;
  const customers: CustomersPage = { items: [{ ...makeProfile({ id: baseOrder.customerId, email: baseOrder.customerEmail, address: home }), orderCount: 1, latestOrder: null }], cursor: null };
  const handlers: Record<string, RouteHandler> = {
    [`GET ${ORDER}`]: () => [200, { ...state, updates: [], payments: [] } satisfies OrderDetail],
    'GET /api/admin/customers': [200, customers],
    [`GET ${BOOK}`]: () => [200, { line, entries: [] } satisfies BookLineDetail],
  };
  for (const [route, fn] of Object.entries(routes)) {
    handlers[route] = ({ body }) => {
      const out = fn(body, state);
      if (Array.isArray(out)) return out;
      state = out;
      return [200, state];
    };
  }
  const api = stubAdminApi(handlers);
  renderWithClient(<Panel />);
  return api;
}

const form = (name: string) => screen.getByRole('form', { name });
const error = (status: number, message: string, fields: Record<string, string> = {}): [number, unknown] => [status, { error: { code: 'validation_failed', message, fields } }];

describe('Firearm & A&D Book panel', { timeout: 30_000 }, () => {
  it('receives the firearm: prefilled from the order and the customer, refused without a type, then sends the intake', async () => {
    const user = userEvent.setup();
    const receive = vi.fn((_body: unknown, s: Order): Order => ({ ...s, firearmType: 'pistol', intake, currentStatus: 'firearm_received', version: s.version + 1 }));
    const api = serve(baseOrder, { [`POST ${ORDER}/receive`]: receive });
    const panel = await screen.findByTestId('firearm-panel');
    expect(within(panel).getByTestId('custody-state')).toHaveTextContent('Not received');
    await user.click(within(panel).getByRole('button', { name: 'Receive Firearm' }));

    const intakeForm = form('Receive firearm');
    expect(within(intakeForm).getByLabelText('Date Received')).toHaveValue(localToday());
    expect(within(intakeForm).getByLabelText('Manufacturer')).toHaveValue('Glock');
    expect(within(intakeForm).getByLabelText('Model')).toHaveValue('19');
    expect(within(intakeForm).getByLabelText('Serial Number')).toHaveValue('ABC123');
    expect(within(intakeForm).getByLabelText('Caliber or Gauge')).toHaveValue('9mm');
    expect(within(intakeForm).getByRole('radio', { name: 'The customer (Jane Doe)' })).toBeChecked();
    // The customer's mailing address, read from the customer list by their email.
    await waitFor(() => expect(within(intakeForm).getByLabelText('Street Address')).toHaveValue('12 Main St'));
    expect(api.calls.find((c) => c.path === '/api/admin/customers')?.search.get('search')).toBe(baseOrder.customerEmail);

    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));
    expect(within(intakeForm).getByLabelText('Firearm Type')).toHaveAccessibleDescription(bookMessages.firearmTypeInvalid);
    await user.clear(within(intakeForm).getByLabelText('Caliber or Gauge'));
    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));
    expect(within(intakeForm).getByLabelText('Caliber or Gauge')).toHaveAccessibleDescription(bookMessages.caliberRequired);
    expect(receive).not.toHaveBeenCalled();

    await user.selectOptions(within(intakeForm).getByLabelText('Firearm Type'), 'pistol');
    await user.type(within(intakeForm).getByLabelText('Caliber or Gauge'), '9mm');
    await user.type(within(intakeForm).getByLabelText('Condition Notes'), 'Holster wear on the slide');
    await user.type(within(intakeForm).getByLabelText('Items Received With It'), 'Case, 2 magazines');
    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));

    await waitFor(() => expect(receive).toHaveBeenCalledTimes(1));
    expect(receive.mock.calls[0][0]).toEqual({
      version: 3,
      receivedOn: localToday(),
      from: 'customer',
      fromAddress: { line1: '12 Main St', line2: null, city: 'Springfield', state: 'IL', postalCode: '62701' },
      firearmType: 'pistol',
      firearmMake: 'Glock',
      firearmModel: '19',
      serialNumber: 'ABC123',
      firearmCaliber: '9mm',
      conditionNotes: 'Holster wear on the slide',
      itemsReceived: 'Case, 2 magazines',
    });
    expect(await within(panel).findByText(INTAKE_RECORDED)).toBeInTheDocument();
    expect(within(panel).getByTestId('custody-state')).toHaveTextContent('In custody');
    expect(await within(panel).findByText('A&D entry #7')).toBeInTheDocument();
    expect(within(panel).getByTestId('book-entry')).toHaveTextContent('held 3 days');
    expect(within(panel).getByRole('link', { name: 'Open in the A&D Book' })).toHaveAttribute('href', '/admin/book?search=ABC123');
    const summary = within(panel).getByTestId('intake-summary');
    expect(summary).toHaveTextContent('Holster wear on the slide');
    expect(summary).toHaveTextContent('Case, 2 magazines');
    expect(summary).toHaveTextContent('Jan 6, 2026');
  });

  it('asks a licensee for its name and FFL number, in the FFL format', async () => {
    const user = userEvent.setup();
    const receive = vi.fn((): [number, unknown] => [200, received]);
    serve(baseOrder, { [`POST ${ORDER}/receive`]: receive });
    await user.click(await screen.findByRole('button', { name: 'Receive Firearm' }));
    const intakeForm = form('Receive firearm');
    await user.selectOptions(within(intakeForm).getByLabelText('Firearm Type'), 'rifle');
    await user.click(within(intakeForm).getByRole('radio', { name: 'A licensee (FFL)' }));
    expect(within(intakeForm).getByLabelText('Street Address')).toHaveValue('');
    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));
    expect(within(intakeForm).getByLabelText('Licensee Name')).toHaveAccessibleDescription(bookMessages.licenseeNameRequired);
    expect(within(intakeForm).getByLabelText('FFL Number')).toHaveAccessibleDescription(bookMessages.licenseRequired);
    await user.type(within(intakeForm).getByLabelText('Licensee Name'), 'Dealer Guns LLC');
    await user.type(within(intakeForm).getByLabelText('FFL Number'), '12-345');
    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));
    expect(within(intakeForm).getByLabelText('FFL Number')).toHaveAccessibleDescription(bookMessages.fflInvalid);
    await user.clear(within(intakeForm).getByLabelText('FFL Number'));
    await user.type(within(intakeForm).getByLabelText('FFL Number'), '1-23-456-07-8a-12345');
    await user.click(within(intakeForm).getByRole('button', { name: 'Record Intake' }));
    await waitFor(() => expect(receive).toHaveBeenCalledTimes(1));
    expect(receive.mock.calls[0]).toEqual([expect.objectContaining({ from: 'licensee', fromName: 'Dealer Guns LLC', fromLicense: '1-23-456-07-8A-12345', fromAddress: null, firearmType: 'rifle' }), expect.anything()]);
  });

  it('releases by shipping: carrier and tracking required, the return address sent, the override asked for a balance due', async () => {
    const user = userEvent.setup();
    const release = vi.fn((body: unknown, s: Order): Order => ({
      ...s,
      currentStatus: 'shipped',
      version: s.version + 1,
      release: { releasedOn: localToday(), method: 'ship', to: 'customer', toName: 'Jane at the cabin', toLicense: null, toAddress: '9 Lake Rd, Unit 2, Duluth, MN 55802', carrier: 'UPS', trackingNumber: '1Z999', idType: null, idIssuer: null, idLast4: null, recipientIsDeliverer: true, form4473Ref: null, adultSignature: true, recordedAt: '2026-01-09T10:00:00.000Z' },
    }));
    serve({ ...received, returnName: 'Jane at the cabin', returnAddress: cabin, invoice: { ...invoice, balanceDueCents: 14500 } }, { [`POST ${ORDER}/release`]: release });
    await user.click(await screen.findByRole('button', { name: 'Release Firearm' }));
    const releaseForm = form('Release firearm');
    expect(within(releaseForm).getByRole('radio', { name: 'Ship it back' })).toBeChecked();
    expect(within(releaseForm).getByLabelText('Recipient Name')).toHaveValue('Jane at the cabin');
    expect(within(releaseForm).getByLabelText('Street Address')).toHaveValue('9 Lake Rd');
    expect(within(releaseForm).getByTestId('release-balance')).toHaveTextContent('Balance due: $145.00');
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    expect(within(releaseForm).getByLabelText('Carrier')).toHaveAccessibleDescription(bookMessages.carrierRequired);
    expect(within(releaseForm).getByLabelText('Tracking Number')).toHaveAccessibleDescription(bookMessages.trackingRequired);
    expect(within(releaseForm).getByLabelText('Override reason')).toHaveAttribute('aria-invalid', 'true');
    expect(release).not.toHaveBeenCalled();

    await user.type(within(releaseForm).getByLabelText('Carrier'), 'UPS');
    await user.type(within(releaseForm).getByLabelText('Tracking Number'), '1Z999');
    await user.type(within(releaseForm).getByLabelText('Override reason'), 'Paying at pickup of the next order');
    await user.click(within(releaseForm).getByRole('checkbox', { name: new RegExp(releaseCheckMessages.adultSignature) }));
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    expect(release.mock.calls[0][0]).toEqual({
      recipientIsDeliverer: true,
      adultSignature: true,
      version: 3,
      releasedOn: localToday(),
      method: 'ship',
      to: 'customer',
      toName: 'Jane at the cabin',
      toAddress: { line1: '9 Lake Rd', line2: 'Unit 2', city: 'Duluth', state: 'MN', postalCode: '55802' },
      carrier: 'UPS',
      trackingNumber: '1Z999',
      releaseOverrideReason: 'Paying at pickup of the next order',
    });
    const panel = screen.getByTestId('firearm-panel');
    await waitFor(() => expect(within(panel).getByTestId('custody-state')).toHaveTextContent('Released'));
    expect(within(panel).getByTestId('release-summary')).toHaveTextContent('Shipped by UPS, tracking 1Z999');
    expect(within(panel).getByTestId('release-summary')).toHaveTextContent('Jane at the cabin');
    expect(within(panel).getByTestId('release-summary')).toHaveTextContent('Adult SignatureRequired');
    expect(within(panel).queryByRole('button', { name: 'Release Firearm' })).not.toBeInTheDocument();
  });

  it('a pickup by someone other than the person who delivered it says so plainly and needs the FFL or the 4473 reference', async () => {
    const user = userEvent.setup();
    const release = vi.fn((body: unknown, state: Order): Order => ({ ...state, version: state.version + 1, currentStatus: 'order_closed', release: { releasedOn: localToday(), method: 'pickup', to: 'customer', toName: 'Pat Other', toLicense: null, toAddress: '9 Oak Ave, Austin, TX 78702', carrier: null, trackingNumber: null, idType: 'state_id', idIssuer: 'TX', idLast4: '7788', recipientIsDeliverer: false, form4473Ref: 'T-42', adultSignature: null, recordedAt: '2026-01-09T10:00:00.000Z' } }));
    serve({ ...received, shippingSelected: false, invoice: { ...invoice, balanceDueCents: 0 } }, { [`POST ${ORDER}/release`]: release });
    await user.click(await screen.findByRole('button', { name: 'Release Firearm' }));
    const releaseForm = form('Release firearm');
    await user.click(within(releaseForm).getByRole('radio', { name: 'No, someone else' }));
    expect(within(releaseForm).getByTestId('transfer-fields')).toHaveTextContent(releaseCheckMessages.notDeliverer);
    // The recipient's own address is asked for (the customer's is cleared).
    expect(within(releaseForm).getByLabelText('Street Address')).toHaveValue('');
    await user.type(within(releaseForm).getByLabelText('Recipient Name'), 'Pat Other');
    await user.type(within(releaseForm).getByLabelText('Street Address'), '9 Oak Ave');
    await user.type(within(releaseForm).getByLabelText('City'), 'Austin');
    await user.selectOptions(within(releaseForm).getByLabelText('State'), 'TX');
    await user.type(within(releaseForm).getByLabelText('ZIP Code'), '78702');
    await user.selectOptions(within(releaseForm).getByLabelText('ID Type'), 'State ID');
    await user.type(within(releaseForm).getByLabelText('Issued By'), 'TX');
    await user.type(within(releaseForm).getByLabelText('Last 4 of ID Number'), '7788');
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    expect(within(releaseForm).getByLabelText('Form 4473 Reference')).toHaveAccessibleDescription(releaseCheckMessages.transferRequired);
    expect(release).not.toHaveBeenCalled();
    await user.type(within(releaseForm).getByLabelText('Form 4473 Reference'), 't-42');
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    expect(release.mock.calls[0][0]).toMatchObject({ method: 'pickup', to: 'customer', toName: 'Pat Other', recipientIsDeliverer: false, form4473Ref: 'T-42', idType: 'state_id', idLast4: '7788' });
    const summary = await screen.findByTestId('release-summary');
    expect(summary).toHaveTextContent('State ID, TX, ending 7788');
    expect(summary).toHaveTextContent('Not the person who delivered it · Form 4473 T-42');
  });

  it('a pickup goes to the customer at their mailing address, with no carrier; a server refusal shows at its field', async () => {
    const user = userEvent.setup();
    const release = vi.fn((): [number, unknown] => error(400, 'The date of disposition cannot be before the date of receipt (2026-01-06).', { releasedOn: 'The date of disposition cannot be before the date of receipt (2026-01-06).' }));
    serve({ ...received, shippingSelected: false, invoice: { ...invoice, balanceDueCents: 0 } }, { [`POST ${ORDER}/release`]: release });
    await user.click(await screen.findByRole('button', { name: 'Release Firearm' }));
    const releaseForm = form('Release firearm');
    expect(within(releaseForm).getByRole('radio', { name: 'Picked up in person' })).toBeChecked();
    expect(within(releaseForm).queryByLabelText('Carrier')).not.toBeInTheDocument();
    await waitFor(() => expect(within(releaseForm).getByLabelText('Street Address')).toHaveValue('12 Main St'));
    // A pickup asks how the recipient was identified and whether they delivered the firearm: nothing is sent without them.
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    expect(await within(releaseForm).findByText(releaseCheckMessages.delivererRequired)).toBeInTheDocument();
    expect(within(releaseForm).getByLabelText('Last 4 of ID Number')).toHaveAccessibleDescription(releaseCheckMessages.idLast4Invalid);
    expect(release).not.toHaveBeenCalled();
    await user.click(within(releaseForm).getByRole('radio', { name: 'Yes, the person who delivered it' }));
    await user.selectOptions(within(releaseForm).getByLabelText('ID Type'), "Driver's license");
    await user.type(within(releaseForm).getByLabelText('Issued By'), 'IL');
    await user.type(within(releaseForm).getByLabelText('Last 4 of ID Number'), '4321');
    await user.click(within(releaseForm).getByRole('button', { name: 'Record Release' }));
    await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    expect(release.mock.calls[0]).toEqual([
      expect.objectContaining({ method: 'pickup', to: 'customer', toAddress: expect.objectContaining({ line1: '12 Main St' }), idType: 'drivers_license', idIssuer: 'IL', idLast4: '4321', recipientIsDeliverer: true }),
      expect.anything(),
    ]);
    expect((release.mock.calls[0] as unknown[])[0]).not.toHaveProperty('carrier');
    expect(await within(releaseForm).findByLabelText('Date Released')).toHaveAccessibleDescription(/cannot be before the date of receipt/);
  });

  it('corrects an entry: only the changed fields with the reason; nothing changed is refused', async () => {
    const user = userEvent.setup();
    const correct = vi.fn((_body: unknown, s: Order): Order => ({ ...s, serialNumber: 'ABC128', version: s.version + 1 }));
    serve(received, { [`POST ${BOOK}/corrections`]: correct });
    await user.click(await screen.findByRole('button', { name: 'Correct Book Entry' }));
    const correction = form('Correct book entry');
    // Only the acquisition until the firearm has left.
    expect(within(correction).getByRole('radio', { name: 'Acquisition (receipt)' })).toBeChecked();
    expect(within(correction).queryByRole('radio', { name: 'Disposition (release)' })).not.toBeInTheDocument();
    expect(within(correction).getByLabelText('Serial Number')).toHaveValue('ABC123');
    await user.type(within(correction).getByLabelText('Reason for the Correction'), 'Typo');
    await user.click(within(correction).getByRole('button', { name: 'Record Correction' }));
    expect(within(correction).getByRole('alert')).toHaveTextContent(bookMessages.nothingToCorrect);

    await user.clear(within(correction).getByLabelText('Reason for the Correction'));
    await user.clear(within(correction).getByLabelText('Serial Number'));
    await user.type(within(correction).getByLabelText('Serial Number'), 'ABC128');
    await user.click(within(correction).getByRole('button', { name: 'Record Correction' }));
    expect(within(correction).getByLabelText('Reason for the Correction')).toHaveAccessibleDescription(bookMessages.reasonRequired);
    await user.type(within(correction).getByLabelText('Reason for the Correction'), 'Misread the last digit');
    await user.click(within(correction).getByRole('button', { name: 'Record Correction' }));
    await waitFor(() => expect(correct).toHaveBeenCalledTimes(1));
    expect(correct.mock.calls[0][0]).toEqual({ version: 3, entry: 'acquisition', reason: 'Misread the last digit', fields: { serialNumber: 'ABC128' } });
  });

  it('shows the corrections of the line', async () => {
    serve(received, {}, bookLine({
      corrections: [{ entryId: 'c1', corrects: 'acquisition', recordedAt: '2026-01-07T10:00:00.000Z', recordedBy: 'Sam Smith', reason: 'Misread the last digit', changes: [{ field: 'Serial Number', before: 'ABC123', after: 'ABC128' }] }],
    }));
    const list = await screen.findByRole('list', { name: 'Book corrections' });
    expect(list).toHaveTextContent('Acquisition corrected');
    expect(list).toHaveTextContent('Sam Smith');
    expect(list).toHaveTextContent('Serial Number: ABC123 → ABC128');
  });

  it('edits the return method and address', async () => {
    const user = userEvent.setup();
    const patch = vi.fn((body: unknown, s: Order): Order => ({ ...s, ...(body as object), version: s.version + 1 }) as Order);
    serve({ ...baseOrder, shippingSelected: true }, { [`PATCH ${ORDER}`]: (body, s) => {
      const b = body as { returnMethod: string; returnName?: string; returnAddress?: Address };
      patch(body, s);
      return { ...s, shippingSelected: b.returnMethod === 'ship', returnName: b.returnName ?? s.returnName, returnAddress: b.returnAddress ?? s.returnAddress, version: s.version + 1 };
    } });
    const panel = await screen.findByTestId('firearm-panel');
    expect(within(panel).getByText('Ship back to Jane Doe')).toBeInTheDocument();
    expect(within(panel).getByText('No return address yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit Return' }));
    const returnForm = form('Return method');
    await waitFor(() => expect(within(returnForm).getByLabelText('Street Address')).toHaveValue('12 Main St'));
    await user.clear(within(returnForm).getByLabelText('City'));
    await user.click(within(returnForm).getByRole('button', { name: 'Save Return Method' }));
    expect(within(returnForm).getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(patch).not.toHaveBeenCalled();
    await user.type(within(returnForm).getByLabelText('City'), 'Springfield');
    await user.click(within(returnForm).getByRole('button', { name: 'Save Return Method' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toEqual({ version: 3, returnMethod: 'ship', returnName: 'Jane Doe', returnAddress: { line1: '12 Main St', line2: null, city: 'Springfield', state: 'IL', postalCode: '62701' } });
    expect(await within(panel).findByText('12 Main St')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Edit Return' }));
    await user.click(within(form('Return method')).getByRole('radio', { name: 'Pick up in person' }));
    await user.click(within(form('Return method')).getByRole('button', { name: 'Save Return Method' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    expect(patch.mock.calls[1][0]).toEqual({ version: 4, returnMethod: 'pickup' });
    expect(await within(panel).findByText('Pick up in person')).toBeInTheDocument();
  });
});

describe('order edit form and the A&D book', { timeout: 20_000 }, () => {
  it('makes the firearm description read-only once it is in the book', () => {
    stubAdminApi({});
    renderWithClient(<EditOrderForm order={received} onSaved={() => undefined} onCancel={() => undefined} onReload={async () => undefined} />);
    for (const label of ['Firearm Make', 'Firearm Model', 'Serial Number', 'Caliber']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(BOOK_LOCKED_HINT);
    }
    expect(screen.getByLabelText('Description')).not.toHaveAttribute('readonly');
  });

  it('points a move to Shipped while in custody to Release Firearm, refusing it before sending; a refusal of the server shows at the status', async () => {
    const user = userEvent.setup();
    const api = stubAdminApi({ [`PATCH ${ORDER}`]: error(400, bookMessages.receiveFirst, { currentStatus: bookMessages.receiveFirst }) });
    renderWithClient(<EditOrderForm order={{ ...received, invoice: { ...invoice, balanceDueCents: 0 } }} onSaved={() => undefined} onCancel={() => undefined} onReload={async () => undefined} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.releaseFirst);
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.releaseFirst);
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    // The book changed meanwhile (the server knows better): its refusal shows at the status too.
    await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.receiveFirst));
    // The description is sent as it stands (unchanged), which the server accepts.
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ firearmMake: 'Glock', serialNumber: 'ABC123', currentStatus: 'in_progress' });
  });

  it('keeps them editable before the intake, and points Firearm Received to Receive Firearm', async () => {
    const user = userEvent.setup();
    stubAdminApi({});
    renderWithClient(<EditOrderForm order={{ ...baseOrder, currentStatus: 'label_created' }} onSaved={() => undefined} onCancel={() => undefined} onReload={async () => undefined} />);
    expect(screen.getByLabelText('Serial Number')).not.toHaveAttribute('readonly');
    await user.selectOptions(screen.getByLabelText('Status'), 'firearm_received');
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.receiveFirst);
    // Every status of the work (Work In Progress, Ready For Shipping…) too; Shipped needs both entries.
    await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.receiveFirst);
    await user.selectOptions(screen.getByLabelText('Status'), 'ready_for_shipping');
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.receiveFirst);
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(bookMessages.receiveAndRelease);
    await user.selectOptions(screen.getByLabelText('Status'), 'order_created');
    expect(screen.getByLabelText('Status')).not.toHaveAccessibleDescription(/Firearm/);
  });
});

describe('the intake notes', () => {
  it('edits the condition notes and what came with it in place, with the order version', async () => {
    const user = userEvent.setup();
    const api = serve(received, { [`PATCH ${ORDER}`]: (body, state) => ({ ...state, version: state.version + 1, intake: { ...intake, ...(body as { conditionNotes: string; itemsReceived: string }) } }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Intake Notes' }));
    const notes = form('Intake notes');
    await user.clear(within(notes).getByLabelText('Condition Notes'));
    await user.type(within(notes).getByLabelText('Condition Notes'), 'Slide scratched at the muzzle');
    await user.click(within(notes).getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Intake notes saved.')).toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ version: received.version, conditionNotes: 'Slide scratched at the muzzle', itemsReceived: 'Case, 2 magazines' });
    await waitFor(() => expect(screen.getByTestId('intake-summary')).toHaveTextContent('Slide scratched at the muzzle'));
  });
});
