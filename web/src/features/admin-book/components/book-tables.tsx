import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BookEntry, BookLine, BookLineColumns } from '@gs/shared/api-types';
import { dispositionCheckCells, firearmTypeLabel } from '@gs/shared/book';
import { formatDateTime } from '@gs/shared/dates';
import { paths } from '@/config/paths';
import { bookDate, bookTexts, correctedColumns, fromCell, toCell } from '../book-lines';

const th = 'px-3 py-2 text-left align-bottom text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300';
const td = 'px-3 py-2 align-top text-sm';
const wrap = 'min-w-24 [overflow-wrap:anywhere]';

/** A wide table scrolls sideways inside its own box (never the page) and the box can be scrolled by keyboard. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      {children}
    </div>
  );
}

function EntryButton({ line, onOpen }: { line: BookLine; onOpen: (line: BookLine) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(line)}
      aria-label={`Entry ${line.lineNumber}: show its entries`}
      className="font-mono font-semibold text-blue-700 underline underline-offset-2 dark:text-amber-300"
    >
      {line.lineNumber}
    </button>
  );
}

function OrderLink({ line }: { line: BookLine }) {
  return (
    <Link to={paths.admin.manageOrders.getHref(line.orderId)} className="font-mono whitespace-nowrap text-blue-700 underline underline-offset-2 dark:text-amber-300">
      {line.orderNumber}
    </Link>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The open inventory: the firearms in custody now, the longest held first. */
export function InventoryTable({ lines, onOpen }: { lines: BookLine[]; onOpen: (line: BookLine) => void }) {
  return (
    <TableScroller label="Firearms in custody">
      <table className="w-full min-w-[60rem] divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            <th scope="col" className={th}>Entry</th>
            <th scope="col" className={th}>Date Received</th>
            <th scope="col" className={th}>Days Held</th>
            <th scope="col" className={th}>Type</th>
            <th scope="col" className={th}>Manufacturer</th>
            <th scope="col" className={th}>Model</th>
            <th scope="col" className={th}>Serial Number</th>
            <th scope="col" className={th}>Caliber or Gauge</th>
            <th scope="col" className={th}>Received From</th>
            <th scope="col" className={th}>Order</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {lines.map((line) => {
            const c = line.current;
            return (
              <tr key={line.orderId} data-order-id={line.orderId}>
                <td className={td}>
                  <EntryButton line={line} onOpen={onOpen} />
                </td>
                <td className={`${td} whitespace-nowrap`}>{bookDate(c.acquiredOn)}</td>
                <td className={`${td} font-medium whitespace-nowrap tabular-nums`}>{days(line.daysHeld)}</td>
                <td className={`${td} whitespace-nowrap`}>{firearmTypeLabel(c.firearmType)}</td>
                <td className={`${td} ${wrap}`}>{c.manufacturer}</td>
                <td className={`${td} ${wrap}`}>{c.model}</td>
                <td className={`${td} font-mono ${wrap}`}>{c.serialNumber}</td>
                <td className={`${td} ${wrap}`}>{c.caliber}</td>
                <td className={`${td} ${wrap}`}>{c.fromName}</td>
                <td className={td}>
                  <OrderLink line={line} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** A cell a correction changed: marked (and said) as corrected in the "Originals and corrections" view. */
function Cell({ children, corrected, className = '' }: { children: ReactNode; corrected: boolean; className?: string }) {
  return (
    <td className={`${td} ${className} ${corrected ? 'bg-amber-50 dark:bg-amber-950/60' : ''}`} data-corrected={corrected || undefined}>
      {children}
      {corrected ? (
        <span className="ml-1 text-xs font-semibold text-amber-800 dark:text-amber-300" title={bookTexts.corrected}>
          <span aria-hidden="true">*</span>
          <span className="sr-only"> ({bookTexts.corrected.toLowerCase()})</span>
        </span>
      ) : null}
    </td>
  );
}

function Party({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      {detail ? <span className="block whitespace-pre-line text-slate-700 dark:text-slate-300">{detail}</span> : null}
    </>
  );
}

/**
 * The disposition's checks under its party (27 CFR 478.125(e) asks for the name and address, or the licensee's name
 * and license number; the shop records how the recipient was identified): the ID shown, a recipient other than the
 * person who delivered it with the 4473, a shipment's adult signature.
 */
function DispositionChecks({ c }: { c: BookLineColumns }) {
  const cells = dispositionCheckCells(c);
  const lines = [
    cells.toIdentification ? `ID: ${cells.toIdentification}` : '',
    c.toIsDeliverer === 'no' ? 'Not the person who delivered it' : '',
    cells.form4473Ref ? `Form 4473: ${cells.form4473Ref}` : '',
    c.method === 'ship' && cells.adultSignature ? `Adult signature: ${cells.adultSignature}` : '',
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300" data-testid="disposition-checks">
      {lines.map((l) => (
        <span key={l} className="block">
          {l}
        </span>
      ))}
    </span>
  );
}

/** "Received from (name): Alex → Alex Smith". */
export function ChangeList({ changes }: { changes: BookEntry['changes'] }) {
  return (
    <ul className="space-y-0.5">
      {changes.map((ch) => (
        <li key={ch.field} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{ch.field}:</span> <del className="text-slate-600 dark:text-slate-400">{ch.before || '(blank)'}</del> → <ins className="no-underline">{ch.after || '(blank)'}</ins>
        </li>
      ))}
    </ul>
  );
}

const BOOK_HEAD = ['Entry', 'Date of Receipt', 'Received From', 'Type', 'Manufacturer', 'Importer', 'Model', 'Serial Number', 'Caliber or Gauge', 'Date of Disposition', 'Disposed To', 'Order'];

/**
 * The book's lines: with `originals`, the columns as first recorded (ATF Ruling 2016-1 "originals only");
 * otherwise the columns as corrected, each corrected cell marked and the line's corrections listed beneath it.
 */
export function BookTable({ lines, originals, onOpen }: { lines: BookLine[]; originals: boolean; onOpen: (line: BookLine) => void }) {
  return (
    <TableScroller label="Book entries">
      <table className="w-full min-w-[64rem] divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {BOOK_HEAD.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {lines.map((line) => {
          const c: BookLineColumns = originals ? line.original : line.current;
          const changed = originals ? new Set<keyof BookLineColumns>() : correctedColumns(line);
          const is = (...keys: Array<keyof BookLineColumns>) => keys.some((k) => changed.has(k));
          return (
            <tbody key={line.orderId} data-order-id={line.orderId} className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <td className={td}>
                  <EntryButton line={line} onOpen={onOpen} />
                </td>
                <Cell corrected={is('acquiredOn')} className="whitespace-nowrap">{bookDate(c.acquiredOn)}</Cell>
                <Cell corrected={is('from', 'fromName', 'fromLicense', 'fromAddress')} className={wrap}>
                  <Party name={c.fromName} detail={fromCell(c)} />
                </Cell>
                <Cell corrected={is('firearmType')} className="whitespace-nowrap">{firearmTypeLabel(c.firearmType)}</Cell>
                <Cell corrected={is('manufacturer')} className={wrap}>{c.manufacturer}</Cell>
                <Cell corrected={is('importer')} className={wrap}>{c.importer}</Cell>
                <Cell corrected={is('model')} className={wrap}>{c.model}</Cell>
                <Cell corrected={is('serialNumber')} className={`font-mono ${wrap}`}>{c.serialNumber}</Cell>
                <Cell corrected={is('caliber')} className={wrap}>{c.caliber}</Cell>
                <Cell corrected={is('disposedOn')} className="whitespace-nowrap">{c.disposedOn ? bookDate(c.disposedOn) : <span className="text-slate-600 dark:text-slate-400">In custody</span>}</Cell>
                <Cell corrected={is('to', 'toName', 'toLicense', 'toAddress')} className={wrap}>
                  {c.toName || c.toAddress || c.toLicense ? <Party name={c.toName} detail={toCell(c)} /> : null}
                  <DispositionChecks c={c} />
                </Cell>
                <td className={td}>
                  <OrderLink line={line} />
                </td>
              </tr>
              {!originals && line.corrections.length > 0 ? (
                <tr>
                  <td />
                  <td colSpan={BOOK_HEAD.length - 1} className="px-3 pb-3 text-sm">
                    <ul aria-label={`Corrections of entry ${line.lineNumber}`} className="space-y-2 border-l-2 border-amber-400 pl-3 dark:border-amber-500">
                      {line.corrections.map((k) => (
                        <li key={k.entryId}>
                          <p className="text-slate-700 dark:text-slate-300">
                            <span className="font-semibold text-slate-900 dark:text-slate-100">Correction of the {k.corrects}</span> — {formatDateTime(k.recordedAt)} by {k.recordedBy}
                          </p>
                          <p className="[overflow-wrap:anywhere]">Reason: {k.reason}</p>
                          <ChangeList changes={k.changes} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
      </table>
    </TableScroller>
  );
}

/** "Corrections only": the correction entries as recorded, newest first. */
export function CorrectionsTable({ entries, onOpen }: { entries: BookEntry[]; onOpen: (orderId: string, lineNumber: number) => void }) {
  return (
    <TableScroller label="Corrections">
      <table className="w-full min-w-[52rem] divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            <th scope="col" className={th}>Entry</th>
            <th scope="col" className={th}>Corrects</th>
            <th scope="col" className={th}>Recorded</th>
            <th scope="col" className={th}>Reason</th>
            <th scope="col" className={th}>Changes</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {entries.map((e) => (
            <tr key={e.entryId} data-entry-id={e.entryId}>
              <td className={td}>
                <button
                  type="button"
                  onClick={() => onOpen(e.orderId, e.lineNumber)}
                  aria-label={`Entry ${e.lineNumber}: show its entries`}
                  className="font-mono font-semibold text-blue-700 underline underline-offset-2 dark:text-amber-300"
                >
                  {e.lineNumber}
                </button>
              </td>
              <td className={`${td} whitespace-nowrap capitalize`}>{e.correctsKind ?? ''}</td>
              <td className={`${td} whitespace-nowrap`}>
                {formatDateTime(e.recordedAt)}
                <span className="block text-slate-700 dark:text-slate-300">{e.recordedBy}</span>
              </td>
              <td className={`${td} ${wrap}`}>{e.reason}</td>
              <td className={`${td} ${wrap}`}>
                <ChangeList changes={e.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
