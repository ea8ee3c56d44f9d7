/** Dates as the spec shows them: "MMM d, yyyy" and "MMM d, yyyy h:mm a" (en-US); a bad date returns the raw input. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function parse(input: string | number | Date | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null
  const d = input instanceof Date ? input : new Date(input)
  return Number.isNaN(d.getTime()) ? null : d
}

export function formatDate(input: string | number | Date | null | undefined): string {
  const d = parse(input)
  if (!d) return input === null || input === undefined ? '' : String(input)
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`
}

export function formatDateTime(input: string | number | Date | null | undefined): string {
  const d = parse(input)
  if (!d) return input === null || input === undefined ? '' : String(input)
  const h = d.getHours() % 12 || 12
  const m = String(d.getMinutes()).padStart(2, '0')
  return `${formatDate(d)} ${h}:${m} ${d.getHours() < 12 ? 'AM' : 'PM'}`
}
