/**
 * The shop's price list (Settings → Service Types): what New Order and extra work pick from. No zod here (the
 * schemas are in schemas/service-types.ts), so the SPA's order screens load these without the form's schema.
 */
import { formatCents } from './money.ts'
import { formatHours, laborLineCents } from './invoice.ts'

/** labor: priced by the hour (default hours × the shop's labor rate); service: a flat price; part: a flat price, taxed by default. */
export const SERVICE_TYPE_KINDS = ['labor', 'service', 'part'] as const
export type ServiceTypeKind = (typeof SERVICE_TYPE_KINDS)[number]
export const SERVICE_TYPE_KIND_LABELS: Record<ServiceTypeKind, string> = { labor: 'Labor (by the hour)', service: 'Flat service', part: 'Part' }
/** The kind of order line a type becomes as extra work (invoice.ts LINE_KINDS). */
export const LINE_KIND_OF_TYPE: Record<ServiceTypeKind, 'labor' | 'other' | 'part'> = { labor: 'labor', service: 'other', part: 'part' }

/** The price list is one small partition read by one Query: at most this many types (active or not). */
export const MAX_SERVICE_TYPES = 200
export const SERVICE_TYPE_NAME_MAX = 50

/** GET /api/admin/service-types: one entry. */
export interface ServiceType {
  id: string
  name: string
  kind: ServiceTypeKind
  /** Flat kinds (service, part): the price in cents; null for labor. */
  defaultPriceCents: number | null
  /** Labor: the default hours in hundredths (150 = 1.5 h); null for flat kinds. */
  defaultHoursHundredths: number | null
  taxable: boolean
  active: boolean
  sortOrder: number
  createdAt: string
  updatedAt: string
}

export interface ServiceTypeList {
  /** Every type (active first, then by sortOrder and name); at most MAX_SERVICE_TYPES. */
  items: ServiceType[]
  /** The shop's labor rate now (Settings → Billing), so a picker can preview hours × rate. */
  laborRateCents: number
}

/**
 * What a type costs by default: its flat price, or its default hours × the labor rate. The estimate New Order
 * fills in, and the amount a line picked from it starts with.
 */
export const serviceTypeDefaultCents = (t: Pick<ServiceType, 'kind' | 'defaultPriceCents' | 'defaultHoursHundredths'>, laborRateCents: number) =>
  t.kind === 'labor' ? laborLineCents(t.defaultHoursHundredths ?? 0, laborRateCents) : (t.defaultPriceCents ?? 0)

/** "1.5 h × $75.00" or "$150.00": a type's default as the list shows it. */
export const serviceTypeDefaultText = (t: Pick<ServiceType, 'kind' | 'defaultPriceCents' | 'defaultHoursHundredths'>, laborRateCents: number) =>
  t.kind === 'labor' ? `${formatHours(t.defaultHoursHundredths ?? 0)} h × ${formatCents(laborRateCents)}` : formatCents(t.defaultPriceCents ?? 0)

/**
 * The spec's seven service types, seeded when a shop has none (migration 2026-12-service-types and the local seed).
 * Labor and services are not taxed (sales tax is on parts only).
 */
export const SEEDED_SERVICE_TYPES: ReadonlyArray<Pick<ServiceType, 'name' | 'kind' | 'defaultPriceCents' | 'defaultHoursHundredths' | 'taxable'>> = [
  { name: 'Repair', kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 100, taxable: false },
  { name: 'Customization', kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 200, taxable: false },
  { name: 'Cleaning', kind: 'service', defaultPriceCents: 5000, defaultHoursHundredths: null, taxable: false },
  { name: 'Inspection', kind: 'service', defaultPriceCents: 3500, defaultHoursHundredths: null, taxable: false },
  { name: 'Cerakote', kind: 'service', defaultPriceCents: 15000, defaultHoursHundredths: null, taxable: false },
  { name: 'Trigger Job', kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 150, taxable: false },
  { name: 'Other', kind: 'service', defaultPriceCents: 0, defaultHoursHundredths: null, taxable: false },
]

export const serviceTypeMessages = {
  nameRequired: 'Please enter a name of at most 50 characters',
  nameTaken: 'A service type with this name already exists',
  kindInvalid: 'Choose labor, flat service or part',
  priceInvalid: 'Please enter a valid default price',
  hoursInvalid: 'Please enter the default hours (more than 0, at most 1,000, two decimals at most)',
  tooMany: `The price list holds at most ${MAX_SERVICE_TYPES} service types: deactivate or rename one instead`,
  notFound: 'Service type not found',
  inactive: 'This service type is no longer offered',
  changedMeanwhile: 'This service type was changed meanwhile: reload and try again',
  created: 'Service type added',
  saved: 'Service type saved',
  empty: 'No service types yet: add the first one.',
  /** Under the Billing tab's labor rate. */
  laborRateHint: 'Labor lines bill their hours at this rate (New Order estimates and extra work). Each line keeps the rate it was added with; a line may set its own.',
  /** Under the Billing tab's minimum service fee. */
  minimumFeeHint:
    'New orders whose service and labor come to less than this bill the difference as a "Minimum service fee" line. 0 turns it off. Each order keeps the fee it was created with.',
  /** The New Order form's picker without an active type. */
  noneActive: 'No active service types: add them in Settings → Service Types',
  hoursLabel: 'Hours',
  hoursHint: 'Billed as hours × the rate; blank: a flat cost',
  rateOverrideLabel: 'Rate per hour (blank: the shop rate)',
} as const
