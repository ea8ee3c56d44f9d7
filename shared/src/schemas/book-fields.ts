/** The fields of the A&D book's bodies (receive, release, correct), shared by their schemas (each route loads only its own). */
import { ADMIN_TEXT_MAX_LENGTH, adminMessages } from '../admin-messages.ts'
import { bookMessages as m, FFL_NUMBER } from '../book.ts'
import { FIREARM_TYPES } from '../firearms.ts'
import { addressSchema } from './address.ts'
import * as z from './zod.ts'

export const text = (message: string, max = 200) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message))
export const optionalText = (max: number) => z.optional(z.pipe(z.nullable(z.string().check(z.trim(), z.maxLength(max))), z.transform((v: string | null) => v || null)))
export const fflField = z.string({ error: m.fflInvalid }).check(z.trim(), z.toUpperCase(), z.regex(FFL_NUMBER, m.fflInvalid))
export const version = z.number({ error: adminMessages.versionRequired }).check(z.int(adminMessages.versionRequired), z.gte(1, adminMessages.versionRequired))
export const party = z.enum(['customer', 'licensee'], { error: 'Choose who it is: the customer or a licensee' })

/** The firearm's description, as the book's columns need it (27 CFR 478.125(e)). */
export const description = {
  firearmType: z.enum(FIREARM_TYPES, { error: m.firearmTypeInvalid }),
  firearmMake: text(m.manufacturerRequired),
  firearmImporter: optionalText(200),
  firearmModel: text(m.modelRequired),
  serialNumber: text(m.serialRequired, 100),
  firearmCaliber: text(m.caliberRequired, 100),
}

/** The other side of an entry: the customer (with their address) or a licensee (name and FFL number, address optional). */
export function checkParty(prefix: 'from' | 'to', v: Record<string, unknown>, ctx: { addIssue: (i: { code: 'custom'; path: string[]; message: string }) => void }) {
  if (v[prefix] === 'licensee') {
    if (!v[`${prefix}Name`]) ctx.addIssue({ code: 'custom', path: [`${prefix}Name`], message: m.licenseeNameRequired })
    if (!v[`${prefix}License`]) ctx.addIssue({ code: 'custom', path: [`${prefix}License`], message: m.licenseRequired })
  } else if (!v[`${prefix}Address`]) ctx.addIssue({ code: 'custom', path: [`${prefix}Address`], message: m.addressRequired })
}

