/** Messages by field: a form's own checks and the server's 400 `fields` alike. */
export type FieldErrors = Record<string, string>;

/** Errors keyed by the contract's field names (`estimatedCostCents`) under the form's own (`estimatedCost`). */
export function renameFields(fields: FieldErrors, formNames: Record<string, string>): FieldErrors {
  const renamed: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) renamed[formNames[field] ?? field] ??= message;
  return renamed;
}
