/**
 * The shop's identity as customers see it: the header, footer, page titles, the landing page's access
 * line, the shipping policy, invoices, the work order and every email and text. One source, the admin
 * settings' General tab; before anything is saved, the defaults below.
 */
import { formatPhone } from './phone.ts'

export interface ShopIdentity {
  /** The business name; never blank. */
  name: string
  /** The access line, in the one display format (phone.ts formatPhone); never blank. */
  phone: string
  /** Where customers write; '' until saved. */
  email: string
  /** The postal address, one line per line; '' until saved. */
  address: string
  /** The Federal Firearms License number ('' until saved): the work order and the A&D book print it. */
  fflNumber: string
}

/** What the portal calls the shop until Settings → General names it. */
export const DEFAULT_SHOP_NAME = 'Gunsmith Portal'
/** A placeholder access line (555-01xx numbers are reserved for fiction) until the shop saves its own. */
export const DEFAULT_SHOP_PHONE = '(555) 010-0199'

export const DEFAULT_SHOP: ShopIdentity = { name: DEFAULT_SHOP_NAME, phone: DEFAULT_SHOP_PHONE, email: '', address: '', fflNumber: '' }

/** The identity from the saved settings, a default for each blank name or phone. */
export function shopIdentity(settings: { businessName: string; phone: string; email: string; address: string; fflNumber?: string }): ShopIdentity {
  return {
    name: settings.businessName.trim() || DEFAULT_SHOP_NAME,
    phone: formatPhone(settings.phone) || DEFAULT_SHOP_PHONE,
    email: settings.email.trim(),
    address: settings.address
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
    fflNumber: settings.fflNumber?.trim() ?? '',
  }
}

/** The address as one line ("12 Main St, Springfield, IL 62701"), for a footer or a single-line field. */
export const addressOneLine = (address: string): string => address.split('\n').filter(Boolean).join(', ')
