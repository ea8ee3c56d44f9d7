import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalSize } from '@/components/ui/modal';

function Harness({ onClose, size, nested = false }: { onClose?: () => void; size?: ModalSize; nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open Dialog
      </button>
      <button type="button">Behind</button>
      <Modal open={open} onClose={close} title="Edit Order GS-000042" size={size}>
        <label>
          First field
          <input />
        </label>
        <button type="button">Middle</button>
        {nested ? (
          <button type="button" onClick={() => setInner(true)}>
            Open Inner
          </button>
        ) : (
          <button type="button">Last</button>
        )}
        <Modal open={inner} onClose={() => setInner(false)} title="Please Confirm" size="sm">
          <button type="button">Inner OK</button>
        </Modal>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, focused inside on open', async () => {
    const user = userEvent.setup();
    render(<Harness size="lg" />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Order GS-000042' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.className).toContain('max-w-3xl');
    expect(screen.getByLabelText('First field')).toHaveFocus();
  });

  it.each([
    ['sm', 'max-w-sm'],
    ['md', 'max-w-lg'],
    ['xl', 'max-w-6xl'],
  ] as const)('size %s', async (size, cls) => {
    const user = userEvent.setup();
    render(<Harness size={size} />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    expect(screen.getByRole('dialog').className).toContain(cls);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open Dialog' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click outside, not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    await user.click(screen.getByRole('button', { name: 'Middle' }));
    fireEvent.pointerDown(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const first = screen.getByLabelText('First field');
    const last = screen.getByRole('button', { name: 'Last' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Middle' })).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // wrapped to the first focusable (the header's Close)
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.click(first);
    expect(screen.getByRole('button', { name: 'Behind' })).not.toHaveFocus();
  });

  it('closes only the top modal on Escape and returns focus inside the outer one', async () => {
    const user = userEvent.setup();
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    const openInner = screen.getByRole('button', { name: 'Open Inner' });
    await user.click(openInner);
    expect(screen.getByRole('dialog', { name: 'Please Confirm' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Please Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order GS-000042' })).toBeInTheDocument();
    expect(openInner).toHaveFocus();
  });

  it('lets the keyboard reach a body that scrolls, and still focuses the first field on open', async () => {
    // jsdom lays nothing out: make every box report content taller than itself.
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(900);
    const client = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    try {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
      const body = screen.getByRole('region', { name: 'Edit Order GS-000042' });
      expect(body).toHaveAttribute('tabindex', '0');
      expect(screen.getByLabelText('First field')).toHaveFocus();
      await user.tab({ shift: true });
      expect(body).toHaveFocus();
    } finally {
      scroll.mockRestore();
      client.mockRestore();
    }
  });

  it('leaves a body that fits out of the tab order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelector('[data-modal-body]')).not.toHaveAttribute('tabindex');
  });

  it('can be dragged by its header', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Dialog' }));
    const handle = screen.getByTestId('modal-drag-handle');
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 160, clientY: 130 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 160, clientY: 130 });
    expect(screen.getByRole('dialog').style.transform).toBe('translate(60px, 30px)');
  });
});
