import { useState, type ReactNode } from 'react';
import type { BookLine, Intake, Release } from '@gs/shared/api-types';
import { firearmTypeLabel } from '@gs/shared/firearms';
import { identificationCell } from '@gs/shared/book';
import { formatDateTime } from '@gs/shared/dates';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { claimTagTexts } from '@gs/shared/claim-tag';
import { paths } from '@/config/paths';
import { useFirearmBookLine } from '../api/firearm-book-line';
import { useFirearmCustomerAddress } from '../api/firearm-customer-address';
import type { AdminOrder } from '../types';
import { BookCorrectionForm } from './book-correction-form';
import { formatDay, panelBox, sectionTitle } from './firearm-shared';
import { IntakeForm } from './intake-form';
import { BoxReceived } from './box-received';
import { IntakeNotesForm } from './intake-notes-form';
import { ReleaseForm } from './release-form';
import { ReturnSection } from './return-section';

export const FIREARM_PANEL_TITLE = 'Firearm & A&D Book';
export const BOOK_LINE_FAILED = 'Failed to load the A&D book entry.';
export const INTAKE_RECORDED = 'Intake recorded: the firearm is in the A&D book.';
export const RELEASE_RECORDED = 'Release recorded: the disposition is in the A&D book.';
export const CORRECTION_RECORDED = 'Correction recorded in the A&D book.';
export const NOTES_SAVED = 'Intake notes saved.';

type Open = 'receive' | 'release' | 'correct' | 'notes' | 'return' | null;

/** The A&D book page, searched for this firearm (it opens beside the editor). */
export const bookHref = (order: AdminOrder) => `/admin/book?search=${encodeURIComponent(order.serialNumber || order.orderNumber)}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-3 @sm:grid-cols-[8rem_minmax(0,1fr)]">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const party = (name: string, license: string | null, address: string | null) => (
  <>
    {name}
    {license ? <span className="block text-slate-700 dark:text-slate-300">FFL {license}</span> : null}
    {address ? <span className="block text-slate-700 dark:text-slate-300">{address}</span> : null}
  </>
);

function IntakeSummary({ order, intake }: { order: AdminOrder; intake: Intake }) {
  return (
    <dl data-testid="intake-summary" className="@container space-y-1.5 text-sm">
      <Row label="Received">{formatDay(intake.receivedOn)}</Row>
      <Row label="From">{party(intake.fromName, intake.fromLicense, intake.fromAddress)}</Row>
      <Row label="Firearm">
        {[firearmTypeLabel(order.firearmType), order.firearmMake, order.firearmModel].filter(Boolean).join(' ')}
        {order.firearmCaliber ? `, ${order.firearmCaliber}` : ''}
        <span className="block text-slate-700 dark:text-slate-300">
          Serial {order.serialNumber}
          {order.firearmImporter ? ` · Imported by ${order.firearmImporter}` : ''}
        </span>
      </Row>
      <Row label="Condition">{intake.conditionNotes || '—'}</Row>
      <Row label="Items received">{intake.itemsReceived || '—'}</Row>
    </dl>
  );
}

function ReleaseSummary({ release }: { release: Release }) {
  return (
    <dl data-testid="release-summary" className="@container space-y-1.5 text-sm">
      <Row label="Released">{formatDay(release.releasedOn)}</Row>
      <Row label="How">
        {release.method === 'ship' ? `Shipped by ${release.carrier ?? ''}${release.trackingNumber ? `, tracking ${release.trackingNumber}` : ''}` : 'Picked up in person'}
      </Row>
      <Row label="To">{party(release.toName, release.toLicense, release.toAddress)}</Row>
      {release.idType ? <Row label="ID Shown">{identificationCell({ toIdType: release.idType, toIdIssuer: release.idIssuer, toIdLast4: release.idLast4 })}</Row> : null}
      {release.recipientIsDeliverer === false ? <Row label="Transfer">{`Not the person who delivered it${release.form4473Ref ? ` · Form 4473 ${release.form4473Ref}` : ''}`}</Row> : null}
      {release.method === 'ship' && release.adultSignature !== null ? <Row label="Adult Signature">{release.adultSignature ? 'Required' : 'Not required'}</Row> : null}
    </dl>
  );
}

function BookEntryLine({ order, line, isError }: { order: AdminOrder; line: BookLine | undefined; isError: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="book-entry">
      {line ? (
        <p>
          <span className="font-semibold">A&amp;D entry #{line.lineNumber}</span>
          <span className="text-slate-700 dark:text-slate-300">
            {' '}
            · {line.open ? 'held' : 'was held'} {line.daysHeld} {line.daysHeld === 1 ? 'day' : 'days'}
          </span>
        </p>
      ) : isError ? null : (
        <p className="text-slate-600 dark:text-slate-400">Loading the A&amp;D book entry…</p>
      )}
      <a href={bookHref(order)} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
        Open in the A&amp;D Book
      </a>
    </div>
  );
}

function Corrections({ line }: { line: BookLine | undefined }) {
  if (!line?.corrections.length) return null;
  return (
    <div className="space-y-2">
      <h4 className={sectionTitle}>Corrections</h4>
      <ol aria-label="Book corrections" className="space-y-2">
        {[...line.corrections].reverse().map((c) => (
          <li key={c.entryId} className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {c.corrects === 'acquisition' ? 'Acquisition' : 'Disposition'} corrected {formatDateTime(c.recordedAt)} by {c.recordedBy}
            </p>
            <p className="[overflow-wrap:anywhere]">{c.reason}</p>
            <ul className="mt-1 space-y-0.5">
              {c.changes.map((change) => (
                <li key={change.field} className="[overflow-wrap:anywhere]">
                  <span className="text-slate-600 dark:text-slate-400">{change.field}: </span>
                  <span className="line-through decoration-slate-400">{change.before || '—'}</span> → {change.after || '—'}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Firearm & A&D Book: the custody of the order's firearm. Not received yet: Receive Firearm (the intake, which writes
 * the acquisition entry). In custody: the intake, its A&D entry and days held, Release Firearm (with the disposition
 * entry) and Correct Book Entry. Released: how and to whom it left. And the return method and address.
 */
export function FirearmPanel({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const received = order.intake !== null;
  const line = useFirearmBookLine(order.id, { enabled: received });
  // The customer's address fills the intake, a pickup and the return address: not needed once the firearm left.
  const customerAddress = useFirearmCustomerAddress(order, { enabled: !order.release });
  const address = customerAddress.data ?? null;
  const headingId = `firearm-panel-${order.id}`;
  const state = !received ? { label: 'Not received', tone: 'grey' as const } : order.release ? { label: 'Released', tone: 'success' as const } : { label: 'In custody', tone: 'warning' as const };

  const start = (next: Open) => {
    setNotice(null);
    setOpen(next);
  };
  const done = (text: string) => () => {
    setOpen(null);
    setNotice(text);
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3" data-testid="firearm-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {FIREARM_PANEL_TITLE}
        </h3>
        <span data-testid="custody-state">
          <Badge tone={state.tone}>{state.label}</Badge>
        </span>
      </div>
      {notice ? (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
          {notice}
        </p>
      ) : null}

      {!received ? (
        <div className={panelBox}>
          {open === 'receive' ? (
            <>
              <h4 className={sectionTitle}>Receive Firearm</h4>
              <IntakeForm order={order} customerAddress={address} onDone={done(INTAKE_RECORDED)} onCancel={() => setOpen(null)} />
            </>
          ) : (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                The firearm has not been received. Recording its intake writes the acquisition entry of the A&amp;D book.
              </p>
              <BoxReceived order={order} />
              <Button onClick={() => start('receive')}>Receive Firearm</Button>
            </>
          )}
        </div>
      ) : (
        <div className={panelBox}>
          <BookEntryLine order={order} line={line.data?.line} isError={line.isError} />
          <IntakeSummary order={order} intake={order.intake!} />
          {order.release ? (
            <div className="border-t border-slate-200 pt-3 dark:border-slate-700">
              <ReleaseSummary release={order.release} />
            </div>
          ) : null}
          {open === 'release' ? (
            <div className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
              <h4 className={sectionTitle}>Release Firearm</h4>
              <ReleaseForm order={order} customerAddress={address} onDone={done(RELEASE_RECORDED)} onCancel={() => setOpen(null)} />
            </div>
          ) : open === 'notes' ? (
            <div className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
              <h4 className={sectionTitle}>Edit Intake Notes</h4>
              <IntakeNotesForm order={order} intake={order.intake!} onDone={done(NOTES_SAVED)} onCancel={() => setOpen(null)} />
            </div>
          ) : open === 'correct' ? (
            <div className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
              <h4 className={sectionTitle}>Correct Book Entry</h4>
              <BookCorrectionForm order={order} line={line.data?.line} onDone={done(CORRECTION_RECORDED)} onCancel={() => setOpen(null)} />
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {!order.release ? <Button onClick={() => start('release')}>Release Firearm</Button> : null}
              <Button variant="secondary" onClick={() => start('correct')}>
                Correct Book Entry
              </Button>
              <Button variant="secondary" onClick={() => start('notes')}>
                Edit Intake Notes
              </Button>
              <a href={paths.admin.claimTag.getHref(order.id)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
                {claimTagTexts.print}
              </a>
            </div>
          )}
          <Corrections line={line.data?.line} />
        </div>
      )}
      {line.isError && received && !line.data ? (
        <Alert tone="error">
          {BOOK_LINE_FAILED}{' '}
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} onClick={() => void line.refetch()}>
            Try Again
          </button>
        </Alert>
      ) : null}

      <ReturnSection order={order} customerAddress={address} editing={open === 'return'} onEdit={() => start('return')} onClose={() => setOpen(null)} />
    </section>
  );
}
