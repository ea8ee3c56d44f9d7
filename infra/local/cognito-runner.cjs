// Runs cognito-local in this process (forked with cwd = its state folder, since it
// resolves `.cognito` against the cwd), with the one target it lacks, and exits
// when the parent goes away.
const { Targets } = require('cognito-local/lib/targets/targets')
const { InitiateAuth } = require('cognito-local/lib/targets/initiateAuth')
const { createDefaultServer } = require('cognito-local/lib/server')
const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local/package.json')] }))

// Amplify 6 refreshes tokens with GetTokensFromRefreshToken; map it onto REFRESH_TOKEN_AUTH.
Targets.GetTokensFromRefreshToken = (services) => async (ctx, req) => {
  const res = await InitiateAuth(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
  })
  return { AuthenticationResult: { ...res.AuthenticationResult, RefreshToken: req.RefreshToken } }
}

// cognito-local saves a pool by rewriting its JSON file in place (fs.writeFile, several saves at once): a stop in
// the middle of a save (Ctrl-C during a sign-in, which stores a refresh token) or two overlapping saves left the
// file empty or torn, and every user was gone at the next start. Each save now writes a temp file and renames it
// over the old one (atomic: a kill leaves the old or the new file, whole), one at a time per file in call order,
// and a stop waits for the saves under way.
const fs = require('node:fs')
const stormdb = require(require.resolve('stormdb', { paths: [require.resolve('cognito-local/package.json')] }))
const saving = new Map()
stormdb.localFileEngine.prototype.write = function write(data) {
  const file = this.path
  const text = this.serialize(data) // the state as of this call, so saves land in call order
  const tmp = `${file}.${process.pid}.tmp`
  if (!this.async) {
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, file)
    return null
  }
  const done = (saving.get(file) ?? Promise.resolve()).then(async () => {
    await fs.promises.writeFile(tmp, text)
    await fs.promises.rename(tmp, file)
  })
  const settled = done.catch(() => undefined)
  saving.set(file, settled)
  settled.then(() => saving.get(file) === settled && saving.delete(file))
  return done
}

let exiting = false
function exitAfterSaves() {
  if (exiting) return
  exiting = true
  const timer = setTimeout(() => process.exit(0), 2000)
  Promise.all(saving.values()).then(() => {
    clearTimeout(timer)
    process.exit(0)
  })
}
process.on('disconnect', exitAfterSaves)
process.on('SIGTERM', exitAfterSaves)
process.on('SIGINT', () => {})

const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL || 'warn' })
createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address()
    process.send?.({ ready: true, port: typeof address === 'string' ? null : address.port })
  })
  .catch((err) => {
    process.send?.({ error: String(err && err.message ? err.message : err) })
    process.exit(1)
  })
