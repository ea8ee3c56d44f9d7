import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type ComponentType } from 'react';
import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { settingsSchema, type SettingsInput } from '@gs/shared/schemas/settings';
import { bodySchema, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { formatPhone } from '@gs/shared/phone';
import { SETTINGS_DEFAULTS, TAX_RATE_HINT, settingsMessages, type Settings, type SettingsView } from '@gs/shared/settings';
import { DEFAULT_SHOP_NAME, DEFAULT_SHOP_PHONE } from '@gs/shared/shop';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSettings } from '../api/get-settings';
import { useStaffMay } from '@/lib/staff-role';
import { useSaveSettings } from '../api/save-settings';
import { ServiceTypesPanel } from './service-types-panel';
import { ShopMessageSetting } from './shop-message-setting';
import { serviceTypeMessages } from '@gs/shared/service-types';

export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings. Please try again.';
export const SETTINGS_LOAD_FAILED = 'Failed to load settings. Please try again.';
/** The shop's Federal Firearms License number: the A&D book prints it at its top. */
export const FFL_NUMBER_HINT = 'The Federal Firearms License number as printed on the license: printed at the top of the A&D book.';
export const SHOP_IDENTITY_HINT = 'Name, phone, email and address appear in the header and footer, on invoices and work orders, and in every email and text.';

/** The Email Settings tab: what sends the mail, read-only (the deployment decides the sender; README, "Email and SMS in AWS"). */
export const EMAIL_DELIVERY = {
  heading: 'How notification emails are sent',
  sender: 'Sender',
  senderName: 'Sender name',
  replyTo: 'Replies go to',
  replyToSender: 'The sender (add an email under General to receive replies)',
  notSetUp: 'Not set up in this environment: no emails are sent.',
  explanation:
    'Notification emails go out through Amazon SES from the sender address the portal was deployed with, an address or domain verified in SES. It cannot be changed here: to send from another address, verify it in SES and deploy again with that address (README, "Email and SMS in AWS"). Text messages go out through Amazon SNS.',
} as const;

const ALL_TABS = [
  { id: 'general', label: 'General' },
  { id: 'users', label: 'User Management' },
  { id: 'email', label: 'Email Settings' },
  { id: 'billing', label: 'Billing' },
  { id: 'service-types', label: 'Service Types' },
] as const;
type TabId = (typeof ALL_TABS)[number]['id'];

type FieldDef = {
  key: string;
  label: string;
  /** An input type, or 'textarea' for several lines. */
  type?: string;
  placeholder?: string;
  hint?: string;
  step?: number;
  min?: number;
};

interface SectionDef {
  fields: FieldDef[];
  fromSettings: (s: Settings) => Record<string, string>;
  /** null when a value is not a number where one is needed. */
  toInput: (v: Record<string, string>) => { input: Partial<Settings> } | { error: [string, string] };
}

const number = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v));

const SECTIONS: Record<'general' | 'billing', SectionDef> = {
  general: {
    fields: [
      { key: 'businessName', label: 'Business Name', placeholder: DEFAULT_SHOP_NAME, hint: SHOP_IDENTITY_HINT },
      { key: 'phone', label: 'Phone', type: 'tel', placeholder: DEFAULT_SHOP_PHONE, hint: 'The access line on the landing page, and the number on invoices and emails.' },
      { key: 'email', label: 'Email', type: 'email', hint: 'Shown to customers; replies to notification emails come here.' },
      { key: 'address', label: 'Address', type: 'textarea', placeholder: 'Street address\nCity, State ZIP', hint: 'Printed on invoices, work orders and emails, one line per line.' },
      { key: 'fflNumber', label: 'FFL Number', placeholder: '1-23-456-07-8A-12345', hint: FFL_NUMBER_HINT },
      { key: 'defaultTaxRate', label: 'Default Tax Rate (%)', type: 'number', placeholder: String(SETTINGS_DEFAULTS.defaultTaxRate), step: 0.001, min: 0, hint: TAX_RATE_HINT },
    ],
    fromSettings: (s) => ({ businessName: s.businessName, phone: formatPhone(s.phone), email: s.email, address: s.address, fflNumber: s.fflNumber ?? '', defaultTaxRate: String(s.defaultTaxRate) }),
    toInput: (v) => {
      const rate = number(v.defaultTaxRate);
      if (rate === null) return { error: ['defaultTaxRate', settingsMessages.taxRateInvalid] };
      return { input: { businessName: v.businessName.trim(), phone: v.phone.trim(), email: v.email.trim(), address: v.address.trim(), fflNumber: (v.fflNumber ?? '').trim().toUpperCase(), defaultTaxRate: rate } };
    },
  },
  billing: {
    fields: [
      { key: 'laborRate', label: 'Default Labor Rate ($ per hour)', type: 'number', placeholder: '75.00', step: 0.01, min: 0, hint: serviceTypeMessages.laborRateHint },
      { key: 'minimumServiceFee', label: 'Minimum Service Fee ($)', type: 'number', placeholder: '25.00', step: 0.01, min: 0, hint: serviceTypeMessages.minimumFeeHint },
    ],
    fromSettings: (s) => ({ laborRate: centsToInput(s.laborRateCents), minimumServiceFee: centsToInput(s.minimumServiceFeeCents) }),
    toInput: (v) => {
      const labor = dollarsToCents(v.laborRate);
      if (labor === null) return { error: ['laborRate', settingsMessages.laborRateInvalid] };
      const fee = dollarsToCents(v.minimumServiceFee);
      if (fee === null) return { error: ['minimumServiceFee', settingsMessages.minimumFeeInvalid] };
      return { input: { laborRateCents: labor, minimumServiceFeeCents: fee } };
    },
  },
};

const SERVER_FIELD: Record<string, string> = { laborRateCents: 'laborRate', minimumServiceFeeCents: 'minimumServiceFee' };

/**
 * PUT /api/admin/settings' own schema on the section's body: what the server would refuse (a tax rate out of
 * range, an address too long) is said here first. A number field that does not read as one is said alone
 * (the first such field), before anything else is checked.
 */
const sectionSchema = (section: SectionDef) =>
  bodySchema((values: Record<string, string>, ctx) => {
    const parsed = section.toInput(values);
    if ('error' in parsed) {
      const [field, message] = parsed.error;
      ctx.issues.push({ code: 'custom', path: [field], message, input: values[field] });
      return {};
    }
    return parsed.input;
  }, settingsSchema);

function SettingsForm({ section, settings, title }: { section: SectionDef; settings: Settings; title: string }) {
  const save = useSaveSettings();
  const form = useSchemaForm<Record<string, string>, SettingsInput>({
    resolver: schemaResolver(sectionSchema(section), { formNames: SERVER_FIELD }),
    defaultValues: section.fromSettings(settings),
  });
  const errors = errorTexts(form.formState.errors);
  const [result, setResult] = useState<FormResultValue>(null);

  const saveSection = async (input: SettingsInput) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset(section.fromSettings(saved));
      setResult({ tone: 'success', text: SETTINGS_SAVED });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) showErrors(form, error.fields, SERVER_FIELD);
      setResult({ tone: 'error', text: SETTINGS_SAVE_FAILED });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setResult(null);
        void form.handleSubmit(saveSection)(event);
      }}
      noValidate
      aria-label={title}
      className="max-w-xl space-y-4"
    >
      {section.fields.map((f) =>
        f.type === 'textarea' ? (
          <TextAreaField
            key={f.key}
            label={f.label}
            placeholder={f.placeholder}
            hint={f.hint}
            rows={3}
            {...form.register(f.key)}
            error={errors[f.key]}
          />
        ) : (
        <FormField
          key={f.key}
          label={f.label}
          type={f.type ?? 'text'}
          placeholder={f.placeholder}
          step={f.step}
          min={f.min}
          hint={f.hint}
          {...form.register(f.key)}
          error={errors[f.key]}
        />
        ),
      )}
      <FormResult result={result} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 py-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function EmailDelivery({ settings }: { settings: SettingsView }) {
  const m = EMAIL_DELIVERY;
  return (
    <section aria-label={m.heading} className="max-w-2xl space-y-4">
      <h2 className="text-base font-semibold">{m.heading}</h2>
      <dl>
        <Detail label={m.sender}>{settings.emailSender ?? m.notSetUp}</Detail>
        <Detail label={m.senderName}>{settings.businessName.trim() || DEFAULT_SHOP_NAME}</Detail>
        <Detail label={m.replyTo}>{settings.email.trim() || m.replyToSender}</Detail>
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">{m.explanation}</p>
      <ShopMessageSetting settings={settings} />
    </section>
  );
}

/**
 * System Settings: five tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). User Management is its own
 * feature's, given by the page (`userManagement`).
 */
export function SettingsTabs({ userManagement: UserManagement }: { userManagement: ComponentType }) {
  const settings = useSettings();
  // Staff accounts are the owner's (the API refuses the others): the tab is not shown to them.
  const owner = useStaffMay('owner');
  const TABS = ALL_TABS.filter((t) => t.id !== 'users' || owner);
  const [active, setActive] = useState<TabId>('general');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  let panel: ReactNode;
  if (active === 'users') panel = <UserManagement />;
  else if (active === 'service-types') panel = <ServiceTypesPanel />;
  else if (settings.isPending) panel = <PageSpinner />;
  else if (settings.isError)
    panel = (
      <Alert tone="error">
        <p>{SETTINGS_LOAD_FAILED}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void settings.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  else {
    const title = TABS.find((t) => t.id === active)!.label;
    panel =
      active === 'email' ? (
        <EmailDelivery settings={settings.data} />
      ) : (
        <SettingsForm key={active} section={SECTIONS[active]} settings={settings.data} title={title} />
      );
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div
        role="tablist"
        aria-label="Settings sections"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 dark:border-slate-800"
      >
        {TABS.map((tab, i) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-medium whitespace-nowrap ${
                selected
                  ? 'border-slate-900 text-slate-900 dark:border-amber-400 dark:text-amber-300'
                  : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} tabIndex={0} className="p-4 sm:p-6">
        {panel}
      </div>
    </div>
  );
}
