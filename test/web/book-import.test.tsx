import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookImportResult, BookImportRow } from '@gs/shared/api-types';
import { bookImportMessages, bookImportTexts as t } from '@gs/shared/book-import';
import { stubAdminApi } from './api-stub';
import { makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', staffRole: 'front_desk', createdAt: '2026-01-01T00:00:00.000Z' });

const row = (n: number, over: Partial<BookImportRow> = {}): BookImportRow => ({
  row: n + 1,
  serialNumber: `K${n}`,
  manufacturer: 'Colt',
  model: 'Python',
  acquiredOn: '2026-01-15',
  customerEmail: 'ivy@example.com',
  customerName: 'Ivy Import',
  errors: [],
  entry: null,
  ...over,
});

describe('Import firearms in custody (the A&D Book page)', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the file (each row\u2019s errors by column, Import disabled), then imports the corrected file and links the entries to their orders', async () => {
    const user = userEvent.setup();
    const sent: Array<{ fileName: string; csv: string; dryRun: boolean }> = [];
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/shop': [200, { name: 'Shop', phone: '', email: '', address: '', fflNumber: '' }],
      'GET /api/admin/book': [200, { items: [], cursor: null }],
      'GET /api/admin/book/missing': [200, { count: 0, items: [], cursor: null }],
      'POST /api/admin/book/imports': ({ body }) => {
        const b = body as (typeof sent)[number];
        sent.push(b);
        const bad = b.csv.includes('Blunderbuss');
        if (b.dryRun) {
          const rows = [row(1), row(2, bad ? { errors: [{ column: 'Type', message: bookImportMessages.typeInvalid }] } : {})];
          return [200, { dryRun: true, fileName: b.fileName, rows, errorCount: bad ? 1 : 0, imported: 0 } satisfies BookImportResult];
        }
        const rows = [row(1, { entry: { lineNumber: 41, orderId: 'o-1', orderNumber: 'GS-000501' } }), row(2, { entry: { lineNumber: 42, orderId: 'o-2', orderNumber: 'GS-000502' } })];
        return [201, { dryRun: false, fileName: b.fileName, rows, errorCount: 0, imported: 2 } satisfies BookImportResult];
      },
    });
    renderApp('/admin/book');
    const section = await screen.findByRole('region', { name: t.title });
    const importButton = within(section).getByRole('button', { name: t.importIdle });
    expect(importButton).toBeDisabled();

    await user.upload(within(section).getByLabelText(t.chooseFile), new File(['header\r\nrow,Blunderbuss\r\n'], 'custody.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: t.checkFile }));
    expect(await within(section).findByText(t.checkedErrors(1))).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ fileName: 'custody.csv', dryRun: true });
    const bad = section.querySelector('tr[data-row="3"]')!;
    expect(bad).toHaveAttribute('aria-invalid', 'true');
    expect(bad).toHaveTextContent(`Type: ${bookImportMessages.typeInvalid}`);
    expect(section.querySelector('tr[data-row="2"]')).toHaveTextContent(t.ready);
    expect(within(section).getByRole('button', { name: t.importRows(2) })).toBeDisabled();

    await user.upload(within(section).getByLabelText(t.chooseFile), new File(['header\r\nrow,Revolver\r\n'], 'custody.csv', { type: 'text/csv' }));
    // A new file drops the previous check.
    expect(within(section).queryByText(t.checkedErrors(1))).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: t.checkFile }));
    expect(await within(section).findByText(t.checkedOk(2))).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: t.importRows(2) }));
    expect(await within(section).findByText(t.imported(2))).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ dryRun: false, csv: 'header\r\nrow,Revolver\r\n' });
    expect(within(section).getByRole('link', { name: 'Entry 41 · GS-000501' })).toHaveAttribute('href', '/admin/manage-orders?order=o-1');
    expect(within(section).getByRole('link', { name: 'Entry 42 · GS-000502' })).toBeInTheDocument();
  });

  it('shows a refused file\u2019s reason', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/shop': [200, { name: 'Shop', phone: '', email: '', address: '', fflNumber: '' }],
      'GET /api/admin/book': [200, { items: [], cursor: null }],
      'GET /api/admin/book/missing': [200, { count: 0, items: [], cursor: null }],
      'POST /api/admin/book/imports': [400, { error: { code: 'validation_failed', message: bookImportMessages.missingColumns(['Customer Email']), fields: { csv: bookImportMessages.missingColumns(['Customer Email']) } } }],
    });
    renderApp('/admin/book');
    const section = await screen.findByRole('region', { name: t.title });
    await user.upload(within(section).getByLabelText(t.chooseFile), new File(['a,b\r\n1,2\r\n'], 'x.csv', { type: 'text/csv' }));
    await user.click(within(section).getByRole('button', { name: t.checkFile }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(bookImportMessages.missingColumns(['Customer Email']));
  });
});
