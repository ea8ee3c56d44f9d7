import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditOrderModal } from '@/features/admin-orders/components/edit-order-modal';
import { stubAdminApi } from './api-stub';
import { baseOrder } from './fixtures';
import { renderWithClient } from './render';

const ORDER_PATH = `/api/admin/orders/${baseOrder.id}`;

async function openModal() {
  stubAdminApi({
    [`GET ${ORDER_PATH}`]: [200, { ...baseOrder, updates: [], updatesCursor: null, payments: [] }],
    [`GET ${ORDER_PATH}/updates`]: [200, { items: [], cursor: null }],
    [`GET ${ORDER_PATH}/notifications`]: [200, { items: [], cursor: null }],
  });
  const onClose = vi.fn();
  renderWithClient(<EditOrderModal orderId={baseOrder.id} onClose={onClose} onSaved={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: `Edit Order ${baseOrder.orderNumber}` });
  await waitFor(() => expect(within(dialog).getByLabelText('Firearm Make')).toHaveValue('Glock'));
  return { onClose, dialog };
}

const discardDialog = () => screen.queryByRole('dialog', { name: 'Discard unsaved changes?' });

describe('admin edit order modal: unsaved changes', { timeout: 20_000 }, () => {
  it.each([
    ['Escape', async () => void (await userEvent.setup().keyboard('{Escape}'))],
    ['the close button', async () => void (await userEvent.setup().click(screen.getByRole('button', { name: 'Close' })))],
    ['Cancel', async () => void (await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' })))],
    ['a click outside', async () => void fireEvent.pointerDown(screen.getByTestId('modal-backdrop'))],
  ])('closes at once on %s without edits', async (_how, close) => {
    const { onClose } = await openModal();
    await close();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(discardDialog()).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', async () => void (await userEvent.setup().keyboard('{Escape}'))],
    ['the close button', async () => void (await userEvent.setup().click(screen.getAllByRole('button', { name: 'Close' })[0]))],
    ['Cancel', async () => void (await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' })))],
    ['a click outside', async () => void fireEvent.pointerDown(screen.getAllByTestId('modal-backdrop')[0])],
  ])('asks before discarding edits on %s: Keep Editing keeps them, Discard Changes closes', async (_how, close) => {
    const user = userEvent.setup();
    const { onClose, dialog } = await openModal();
    await user.clear(within(dialog).getByLabelText('Firearm Model'));
    await user.type(within(dialog).getByLabelText('Firearm Model'), '17');

    await close();
    const ask = discardDialog() as HTMLElement;
    expect(ask).toBeInTheDocument();
    expect(ask).toHaveAttribute('aria-modal', 'true');
    // Focus moves into the question, on the choice that loses nothing.
    expect(within(ask).getByRole('button', { name: 'Keep Editing' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(discardDialog()).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Firearm Model')).toHaveValue('17');

    await close();
    await user.click(within(discardDialog() as HTMLElement).getByRole('button', { name: 'Discard Changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape in the question keeps editing (and does not close the edit modal)', async () => {
    const user = userEvent.setup();
    const { onClose, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Status Note'), 'Half a note');
    await user.keyboard('{Escape}');
    expect(discardDialog()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(discardDialog()).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Status Note')).toHaveValue('Half a note');
  });

  it.each([
    ['a status message typed, not posted', 'Post status message', 'Message'],
    ['a part typed, not added', 'Add part or charge', 'Name'],
  ])('counts %s in the panels beside the form', async (_what, form, field) => {
    const user = userEvent.setup();
    const { onClose } = await openModal();
    await user.type(within(screen.getByRole('form', { name: form })).getByLabelText(field), 'Firing pin');
    await user.keyboard('{Escape}');
    expect(discardDialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not count an edit taken back', async () => {
    const user = userEvent.setup();
    const { onClose, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Firearm Make'), 'x');
    await user.type(within(dialog).getByLabelText('Firearm Make'), '{Backspace}');
    await user.keyboard('{Escape}');
    expect(discardDialog()).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
