/**
 * The zod every schema uses: `zod/mini`, configured once. Import it as `import * as z from './zod.ts'` (or
 * `@gs/shared/schemas/zod`), never 'zod' itself. Mini because classic zod cannot be tree-shaken (~93 KB in each API
 * Lambda, mini ~28 KB for the same schemas); configured here because mini loads no locale, and without `en` every
 * message a schema does not set would read "Invalid input" (`z.locales.en()` would bring every locale, ~260 KB).
 */
import { en } from 'zod/locales'
import * as z from 'zod/mini'

z.config(en())

export * from 'zod/mini'
