// `npm run reset`: wipe the local data (DynamoDB Local and cognito-local state); the next npm start seeds again.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Same folder npm start uses (infra/local/main.ts): GUNSMITH_DATA_DIR when set, else .local/.
const dir = process.env.GUNSMITH_DATA_DIR ? path.resolve(process.env.GUNSMITH_DATA_DIR) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.local')
rmSync(dir, { recursive: true, force: true })
console.log(`Removed ${dir}. The next npm start creates the table and seeds the accounts again.`)
