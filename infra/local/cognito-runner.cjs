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

process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
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
