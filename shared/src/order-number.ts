/** An order's number as printed and scanned: GS-000123 (a claim tag's barcode holds exactly this). */
export const formatOrderNumber = (n: number) => `GS-${String(n).padStart(6, '0')}`

/** "gs-123", "GS-000123", "GS000123", "123" → "GS-000123"; null when it is not an order number. */
export function normalizeOrderNumber(typed: string): string | null {
  // As staff type it (GS-000123, gs-123, GS123, or the bare number 123) or a scanner types the tag's code.
  const m = /^(?:GS-?)?(\d{1,12})$/i.exec(typed.trim())
  return m ? formatOrderNumber(Number(m[1])) : null
}
