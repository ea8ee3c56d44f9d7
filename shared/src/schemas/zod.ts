/**
 * The zod every schema uses: `zod/mini`, configured once. Import it as
 * `import * as z from './zod.ts'` (or `@gs/shared/schemas/zod`), never 'zod' itself.
 *
 * Why mini (Lambda bundles ≤ 300 KB at a cold start, test/unit/bundle-budget.test.ts): classic zod's methods hang off every schema
 * class, so it cannot be tree-shaken and put ~93 KB into each API Lambda; mini is functions
 * (`z.string().check(z.trim(), z.maxLength(100))`) and costs ~28 KB there for the same schemas,
 * English messages included.
 *
 * Why configured here: classic zod installs the English messages on first use, mini loads no
 * locale, so every message a schema does not set itself ("Too big: expected string to have
 * <=100 characters", "Invalid input: expected object, received null") would read "Invalid input".
 * `en` alone is ~3 KB; `z.locales.en()` would drag in every locale (~260 KB).
 */
import { en } from 'zod/locales'
import * as z from 'zod/mini'

z.config(en())

export * from 'zod/mini'
