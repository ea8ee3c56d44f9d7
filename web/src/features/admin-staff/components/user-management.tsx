import { useState } from 'react';
import { formatDateTime } from '@gs/shared/dates';
import { inviteStaffSchema, type InviteStaffInput } from '@gs/shared/schemas/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@gs/shared/staff';
import { staffAccountMessages as m, type StaffMember } from '@gs/shared/staff-accounts';
import { SelectField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useMe } from '@/lib/me';
import { useInviteStaff, useResetTwoStep, useStaffList, useUpdateStaff } from '../api/staff';

export const USER_MANAGEMENT = {
  heading: 'Staff accounts',
  intro: 'Invite staff by email: they get a temporary password, choose their own at the first sign-in and set up an authenticator app. Roles: Owner (everything), Front desk (customers, orders, intake and release, payments in the shop, the A&D book), Gunsmith (the orders assigned to them).',
  inviteHeading: 'Invite staff member',
  invite: 'Send invitation',
  inviting: 'Sending…',
  loadFailed: 'Failed to load the staff accounts. Please try again.',
  changeFailed: 'The change was not saved.',
  disable: 'Disable',
  enable: 'Enable',
  reset: 'Reset authenticator',
  you: '(you)',
  columns: { name: 'Name', email: 'Email', role: 'Role', status: 'Status', twoStep: 'Two-step', lastSignIn: 'Last sign-in', actions: 'Actions' },
} as const;

const nameOf = (s: Pick<StaffMember, 'firstName' | 'lastName' | 'email'>) => `${s.firstName} ${s.lastName}`.trim() || s.email;
const message = (error: unknown) => (error instanceof ApiError ? error.message : USER_MANAGEMENT.changeFailed);

function InviteForm() {
  const invite = useInviteStaff();
  const [result, setResult] = useState<FormResultValue>(null);
  const empty: InviteStaffInput = { email: '', firstName: '', lastName: '', staffRole: 'front_desk' };
  const form = useSchemaForm<InviteStaffInput, InviteStaffInput>({ resolver: schemaResolver(inviteStaffSchema), defaultValues: empty });
  const errors = errorTexts(form.formState.errors);
  const send = async (input: InviteStaffInput) => {
    try {
      const invited = await invite.mutateAsync(input);
      form.reset(empty);
      setResult({ tone: 'success', text: m.invited(invited.email) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) showErrors(form, error.fields);
      setResult({ tone: 'error', text: message(error) });
    }
  };
  return (
    <form
      aria-label={USER_MANAGEMENT.inviteHeading}
      noValidate
      onSubmit={(event) => {
        setResult(null);
        void form.handleSubmit(send)(event);
      }}
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold">{USER_MANAGEMENT.inviteHeading}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Email" type="email" autoComplete="off" {...form.register('email')} error={errors.email} />
        <SelectField label="Role" {...form.register('staffRole')} error={errors.staffRole}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <FormField label="First name" autoComplete="off" {...form.register('firstName')} error={errors.firstName} />
        <FormField label="Last name" autoComplete="off" {...form.register('lastName')} error={errors.lastName} />
      </div>
      <FormResult result={result} />
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? USER_MANAGEMENT.inviting : USER_MANAGEMENT.invite}
      </Button>
    </form>
  );
}

function StaffRow({ member, lastOwner, isMe, onResult }: { member: StaffMember; lastOwner: boolean; isMe: boolean; onResult: (r: FormResultValue) => void }) {
  const update = useUpdateStaff();
  const reset = useResetTwoStep();
  const { confirm, dialog } = useConfirm();
  const name = nameOf(member);
  const busy = update.isPending || reset.isPending;
  // The last active owner keeps the role and stays enabled: the server refuses it too (409).
  const locked = lastOwner && member.staffRole === 'owner' && member.isActive;

  const change = async (change: { staffRole?: StaffRole; isActive?: boolean }) => {
    onResult(null);
    try {
      await update.mutateAsync({ id: member.id, change });
    } catch (error) {
      onResult({ tone: 'error', text: message(error) });
    }
  };
  const toggle = async () => {
    if (member.isActive && !(await confirm(m.disableConfirm(name), { title: `${USER_MANAGEMENT.disable} ${name}`, confirmLabel: USER_MANAGEMENT.disable, variant: 'danger', focus: 'cancel' }))) return;
    await change({ isActive: !member.isActive });
  };
  const resetTwoStep = async () => {
    if (!(await confirm(m.resetConfirm(name), { title: USER_MANAGEMENT.reset, confirmLabel: USER_MANAGEMENT.reset, variant: 'danger', focus: 'cancel' }))) return;
    onResult(null);
    try {
      await reset.mutateAsync(member.id);
      onResult({ tone: 'success', text: m.resetDone(name) });
    } catch (error) {
      onResult({ tone: 'error', text: message(error) });
    }
  };
  const status = member.pending && member.isActive ? m.pendingLabel : member.isActive ? m.activeLabel : m.disabledLabel;
  const hintId = `staff-${member.id}-locked`;

  return (
    <li className="py-3" aria-label={name}>
      <div className="grid gap-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_10rem_auto] lg:items-center">
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">
            {name} {isMe ? <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{USER_MANAGEMENT.you}</span> : null}
          </p>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{member.email}</p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
          <dt className="text-slate-600 dark:text-slate-400">{USER_MANAGEMENT.columns.status}</dt>
          <dd>
            <Badge tone={!member.isActive ? 'red' : member.pending ? 'warning' : 'success'}>{status}</Badge>
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">{USER_MANAGEMENT.columns.twoStep}</dt>
          <dd>{member.twoStepSetUp ? m.twoStepOn : m.twoStepOff}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{USER_MANAGEMENT.columns.lastSignIn}</dt>
          <dd className="sm:col-span-3">{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : m.neverSignedIn}</dd>
        </dl>
        <SelectField
          label={`${USER_MANAGEMENT.columns.role} of ${name}`}
          className="[&>label]:sr-only"
          value={member.staffRole}
          disabled={busy || locked || !member.isActive}
          aria-describedby={locked ? hintId : undefined}
          onChange={(event) => void change({ staffRole: event.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={member.isActive ? 'secondary' : 'primary'}
            disabled={busy || locked}
            aria-label={`${member.isActive ? USER_MANAGEMENT.disable : USER_MANAGEMENT.enable} ${name}`}
            aria-describedby={locked ? hintId : undefined}
            onClick={() => void toggle()}
          >
            {member.isActive ? USER_MANAGEMENT.disable : USER_MANAGEMENT.enable}
          </Button>
          <Button variant="secondary" disabled={busy || !member.twoStepSetUp} aria-label={`${USER_MANAGEMENT.reset} of ${name}`} onClick={() => void resetTwoStep()}>
            {USER_MANAGEMENT.reset}
          </Button>
        </div>
      </div>
      {locked ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {m.lastOwnerHint}
        </p>
      ) : null}
      {dialog}
    </li>
  );
}

/** Settings → User Management (the owner only): the staff list, their roles and status, and the invitation form. */
export function UserManagement() {
  const staff = useStaffList();
  const me = useMe();
  const [result, setResult] = useState<FormResultValue>(null);
  if (staff.isPending) return <PageSpinner />;
  if (staff.isError)
    return (
      <Alert tone="error">
        <p>{USER_MANAGEMENT.loadFailed}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void staff.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  const lastOwner = staff.data.activeOwners <= 1;
  return (
    <section aria-label={USER_MANAGEMENT.heading} className="space-y-4">
      <div>
        <h2 className="text-base font-semibold">{USER_MANAGEMENT.heading}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{USER_MANAGEMENT.intro}</p>
      </div>
      <FormResult result={result} />
      <ul aria-label={USER_MANAGEMENT.heading} className="divide-y divide-slate-200 dark:divide-slate-800">
        {staff.data.items.map((s) => (
          <StaffRow key={s.id} member={s} lastOwner={lastOwner} isMe={s.id === me.data?.id} onResult={setResult} />
        ))}
      </ul>
      <InviteForm />
    </section>
  );
}
