/** Messages by field: a form's own checks and the server's 400 `fields` alike. */
export type FieldErrors = Record<string, string>;

/**
 * A shared schema's issues (`schema.safeParse(input).error.issues`) keyed by field, as the server
 * keys its 400 `fields` (functions/lib/http.ts parseWith): the first message of each field, `_` for
 * the whole input. So a form checked with the route's own schema says what the server would.
 */
export function issueFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.length ? issue.path.map(String).join('.') : '_'] ??= issue.message;
  return fields;
}

/** Errors keyed by the contract's field names (`estimatedCostCents`) under the form's own (`estimatedCost`). */
export function renameFields(fields: FieldErrors, formNames: Record<string, string>): FieldErrors {
  const renamed: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) renamed[formNames[field] ?? field] ??= message;
  return renamed;
}
