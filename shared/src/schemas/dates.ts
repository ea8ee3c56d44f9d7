/**
 * The one schema of a calendar date in a request (a query string, a body, a path): every route that takes a
 * date, and every SPA form that sends one, checks it with this, so an impossible date is a 400 with the
 * field's message on the server and the same message under the form's field, never a thrown RangeError.
 */
import { dateMessages, isCalendarDate } from '../dates.ts'
import * as z from './zod.ts'

/** YYYY-MM-DD that exists (isCalendarDate), surrounding spaces trimmed. */
export const calendarDate = z.string({ error: dateMessages.invalid }).check(z.trim(), z.refine(isCalendarDate, dateMessages.invalid))
