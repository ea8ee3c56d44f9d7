/**
 * Stands in for the `jsonschema` package inside the Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundle.ts); tests and the local stack use the real package.
 *
 * ElectroDB uses `jsonschema` for one thing in the functions: checking an entity model against its own
 * schemas when an Entity is built (the other use, telling a model from an Entity or Service instance, is
 * the Service class's, which the functions do not load: functions/db/electrodb.ts). The models are code,
 * fixed at build time, and every test run builds every one of them with the real package
 * (test/unit/jsonschema-lite.test.ts), so a broken model never reaches a bundle; in the bundle the check
 * would only re-prove it at every cold start, for 29 KB (the real validator) or 3 KB (a subset of it).
 * This validator answers every model as valid and costs nothing.
 */
export class Validator {
  /** ElectroDB registers its custom formats here when it loads. */
  declare customFormats: Record<string, (input: unknown) => boolean>

  addSchema(): void {}

  validate(): { errors: never[]; valid: true } {
    return { errors: [], valid: true }
  }
}

Validator.prototype.customFormats = {}
