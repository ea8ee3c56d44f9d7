import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BookImportResult } from '@gs/shared/api-types';
import { BOOK_IMPORT_MAX_BYTES, bookImportTemplate, bookImportTexts as t } from '@gs/shared/book-import';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useImportBook } from '../api/import-book';
import { bookDate } from '../book-lines';

/** Saves the template (the header row of an import file) as a CSV file. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([bookImportTemplate()], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = t.templateFileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Import firearms in custody" on the A&D Book page: a CSV file of firearms already in the shop, checked by the server
 * (Check file: every row and its errors, nothing written), then imported only when no row has an error; the entries
 * written are listed with their orders. The file is read here and sent as text; the server parses and decides.
 */
export function BookImportPanel() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<BookImportResult | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const mutation = useImportBook();

  const onFile = async (files: FileList | null) => {
    setResult(null);
    setError(null);
    const chosen = files?.[0];
    if (!chosen) return setFile(null);
    if (chosen.size > BOOK_IMPORT_MAX_BYTES) {
      setFile(null);
      return setError({ message: t.fileTooLarge, fields: {} });
    }
    setFile({ name: chosen.name, csv: await chosen.text() });
  };

  const send = (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    mutation.mutate(
      { fileName: file.name, csv: file.csv, dryRun },
      {
        onSuccess: (res) => {
          setResult(res);
          if (!res.dryRun) {
            setFile(null);
            if (input.current) input.current.value = '';
          }
        },
        onError: (err) => {
          setResult(null);
          setError(err instanceof ApiError ? { message: err.message, fields: err.fields } : { message: t.failed, fields: {} });
        },
      },
    );
  };

  const busy = mutation.isPending;
  const ready = !!file && !!result?.dryRun && result.errorCount === 0 && result.rows.length > 0;

  return (
    <section aria-labelledby={`${inputId}-title`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${inputId}-title`} className="text-lg font-semibold">
            {t.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t.intro}</p>
        </div>
        <Button variant="secondary" className="shrink-0 self-start" onClick={downloadTemplate}>
          {t.downloadTemplate}
        </Button>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            {t.chooseFile}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => void onFile(e.target.files)}
            className="block w-full max-w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 dark:text-slate-100 dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => send(true)} disabled={!file || busy} aria-busy={busy && mutation.variables?.dryRun}>
            {busy && mutation.variables?.dryRun ? t.checking : t.checkFile}
          </Button>
          <Button onClick={() => send(false)} disabled={!ready || busy} aria-busy={busy && !mutation.variables?.dryRun}>
            {busy && !mutation.variables?.dryRun ? t.importing : result?.dryRun ? t.importRows(result.rows.length) : t.importIdle}
          </Button>
        </div>
      </div>
      {error ? (
        <Alert tone="error" className="mt-4">
          <p>{error.message}</p>
          {Object.keys(error.fields).length ? (
            <ul className="mt-2 list-disc pl-5">
              {Object.entries(error.fields).map(([k, v]) => (
                <li key={k}>
                  {k}: {v}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {result ? <ImportResult result={result} /> : null}
    </section>
  );
}

function ImportResult({ result }: { result: BookImportResult }) {
  const cell = 'px-3 py-2 align-top';
  return (
    <div className="mt-4 space-y-3">
      {result.dryRun ? (
        <Alert tone={result.errorCount ? 'error' : 'success'}>{result.errorCount ? t.checkedErrors(result.errorCount) : t.checkedOk(result.rows.length)}</Alert>
      ) : (
        <Alert tone="success">{t.imported(result.imported)}</Alert>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className={cell}>
                {t.columns.row}
              </th>
              <th scope="col" className={cell}>
                {t.columns.result}
              </th>
              <th scope="col" className={cell}>
                {t.columns.serial}
              </th>
              <th scope="col" className={cell}>
                {t.columns.firearm}
              </th>
              <th scope="col" className={cell}>
                {t.columns.received}
              </th>
              <th scope="col" className={cell}>
                {t.columns.customer}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr
                key={r.row}
                data-row={r.row}
                aria-invalid={r.errors.length ? true : undefined}
                className={`border-t border-slate-200 dark:border-slate-800 ${r.errors.length ? 'bg-red-50 dark:bg-red-950/40' : ''}`}
              >
                <td className={`${cell} font-mono`}>{r.row}</td>
                <td className={`${cell} min-w-48`}>
                  {r.entry ? (
                    <Link to={paths.admin.manageOrders.getHref(r.entry.orderId)} className="whitespace-nowrap text-blue-700 underline underline-offset-2 dark:text-amber-300">
                      {t.entry(r.entry.lineNumber)} · {r.entry.orderNumber}
                    </Link>
                  ) : r.errors.length ? (
                    <ul className="space-y-1 text-red-800 dark:text-red-200">
                      {r.errors.map((e, i) => (
                        <li key={i}>
                          {e.column ? <span className="font-semibold">{e.column}: </span> : null}
                          {e.message}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-emerald-800 dark:text-emerald-300">{t.ready}</span>
                  )}
                </td>
                <td className={`${cell} font-mono break-all`}>{r.serialNumber}</td>
                <td className={cell}>{[r.manufacturer, r.model].filter(Boolean).join(' ')}</td>
                <td className={`${cell} whitespace-nowrap`}>{/^\d{4}-\d{2}-\d{2}$/.test(r.acquiredOn) ? bookDate(r.acquiredOn) : r.acquiredOn}</td>
                <td className={`${cell} break-all`}>
                  {r.customerName ? <span className="block break-normal">{r.customerName}</span> : null}
                  <span className="text-slate-600 dark:text-slate-400">{r.customerEmail}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
