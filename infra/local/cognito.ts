import { fork } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CognitoMessages } from '../constructs/cognito-messages.ts'
import { LocalStackError } from './errors.ts'

export const LOCAL_POOL_ID = 'local_GunsmithPool'
export const LOCAL_CLIENT_ID = 'gunsmithlocalwebclient0001'
export const PRE_SIGN_UP_FN = 'gunsmith-local-pre-sign-up'
export const POST_CONFIRMATION_FN = 'gunsmith-local-post-confirmation'

export interface CognitoLocal {
  /** From now on cognito-local mails its codes and welcomes over SMTP to this port (the local inbox), in these words. */
  configureMail(mail: { smtpPort: number; from: string; messages: CognitoMessages }): void
  endpoint: string
  issuer: string
  userPoolId: string
  clientId: string
  stop(): Promise<void>
}

const now = () => new Date().toISOString()

/**
 * As the AWS pool (infra/stacks/auth-stack.ts): MFA optional, so a user who enrolled an authenticator app is asked
 * for its code at every sign-in. Staff must enroll (the API refuses staff routes until they have); customers never do.
 */
const LOCAL_POOL_MFA = 'OPTIONAL'

/**
 * Writes cognito-local's state so the pool and client ids are fixed (first run only),
 * and its config (every run: ports, trigger endpoint).
 */
function writeState(stateDir: string, port: number, lambdaEndpoint: string) {
  const dir = path.join(stateDir, '.cognito')
  const db = path.join(dir, 'db')
  mkdirSync(db, { recursive: true })
  writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify(
      {
        ServerConfig: { hostname: '127.0.0.1', port },
        TokenConfig: { IssuerDomain: `http://localhost:${port}` },
        LambdaClient: { endpoint: lambdaEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
        TriggerFunctions: { PreSignUp: PRE_SIGN_UP_FN, PostConfirmation: POST_CONFIRMATION_FN, PostAuthentication: POST_CONFIRMATION_FN },
      },
      null,
      2,
    ),
  )
  const poolFile = path.join(db, `${LOCAL_POOL_ID}.json`)
  if (!existsSync(poolFile)) {
    const group = (GroupName: string, Description: string) => ({
      GroupName,
      Description,
      UserPoolId: LOCAL_POOL_ID,
      CreationDate: now(),
      LastModifiedDate: now(),
      members: [],
    })
    writeFileSync(
      poolFile,
      JSON.stringify({
        Options: {
          Id: LOCAL_POOL_ID,
          Name: 'gunsmith-local',
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          MfaConfiguration: LOCAL_POOL_MFA,
          Policies: { PasswordPolicy: { MinimumLength: 8 } },
          CreationDate: now(),
          LastModifiedDate: now(),
        },
        Users: {},
        Groups: { admin: group('admin', 'Shop staff'), customer: group('customer', 'Customers') },
      }),
    )
  }
  else {
    // A pool file from before staff two-step sign-in has MFA off: cognito-local then never asks for a code.
    const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as { Options: { MfaConfiguration?: string } }
    if (pool.Options.MfaConfiguration !== LOCAL_POOL_MFA) {
      pool.Options.MfaConfiguration = LOCAL_POOL_MFA
      writeFileSync(`${poolFile}.tmp`, JSON.stringify(pool))
      renameSync(`${poolFile}.tmp`, poolFile)
    }
  }
  const clientsFile = path.join(db, 'clients.json')
  if (!existsSync(clientsFile)) {
    writeFileSync(
      clientsFile,
      JSON.stringify({
        Clients: {
          [LOCAL_CLIENT_ID]: {
            ClientId: LOCAL_CLIENT_ID,
            ClientName: 'web',
            UserPoolId: LOCAL_POOL_ID,
            ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
            AccessTokenValidity: 1,
            IdTokenValidity: 1,
            RefreshTokenValidity: 30,
            TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
            CreationDate: now(),
            LastModifiedDate: now(),
          },
        },
      }),
    )
  }
}

export async function startCognitoLocal({ stateDir, port, lambdaEndpoint }: { stateDir: string; port: number; lambdaEndpoint: string }): Promise<CognitoLocal> {
  writeState(stateDir, port, lambdaEndpoint)
  const runner = fileURLToPath(new URL('./cognito-runner.cjs', import.meta.url))
  const child = fork(runner, [], { cwd: stateDir, execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, PORT: String(port) } })
  let stderr = ''
  child.stderr?.on('data', (d) => (stderr += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LocalStackError('cognito-local did not start within 20 s')), 20_000)
    child.on('message', (m: { ready?: boolean; error?: string }) => {
      clearTimeout(timer)
      if (m.ready) resolve()
      else reject(new LocalStackError(`cognito-local failed to start: ${m.error}`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new LocalStackError(`cognito-local exited at start (code ${code}): ${stderr.trim().slice(-2000)}`))
    })
  })
  const endpoint = `http://localhost:${port}`
  return {
    configureMail(mail) {
      if (child.connected) child.send({ mail })
    },
    endpoint,
    issuer: `${endpoint}/${LOCAL_POOL_ID}`,
    userPoolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    async stop() {
      if (child.exitCode !== null || child.signalCode) return
      child.disconnect?.()
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}
