import { fileURLToPath } from 'node:url'
import * as path from 'node:path'

/** Repository root, resolved from this file so synth works from any cwd. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const functionsDir = path.join(repoRoot, 'functions')
/** Generated Lambda entries (gitignored): a stable path keeps synth output deterministic. */
export const entriesDir = path.join(repoRoot, '.cdk', 'entries')
export const webDistDir = path.join(repoRoot, 'web', 'dist')
