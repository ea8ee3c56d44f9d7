import { describe, expect, it } from 'vitest'
import { ConflictError } from '../../functions/lib/errors.ts'
import {
  CliError,
  NO_CREDENTIALS,
  USAGE,
  createAdmin,
  explainError,
  generatePassword,
  parseOptions,
  type Deps,
} from '../../scripts/create-admin.ts'

const named = (name: string, message = name) => Object.assign(new Error(message), { name })

describe('create-admin: arguments', () => {
  it('reads --email and --stage, with dev as the default stage', () => {
    expect(parseOptions(['--email', 'owner@example.com', '--stage', 'prod'], {})).toEqual({
      email: 'owner@example.com',
      stage: 'prod',
      password: undefined,
      firstName: undefined,
      lastName: undefined,
      region: undefined,
      role: 'owner',
    })
    expect(parseOptions(['--email', 'desk@example.com', '--role', 'front_desk'], {}).role).toBe('front_desk')
    expect(parseOptions(['--email=owner@example.com'], {}).stage).toBe('dev')
    expect(parseOptions(['--email', ' Owner@Example.COM '], {}).email).toBe('owner@example.com')
  })

  it('takes the password from --password, else GUNSMITH_ADMIN_PASSWORD', () => {
    expect(parseOptions(['--email', 'a@b.co', '--password', 'LongEnough1'], {}).password).toBe('LongEnough1')
    expect(parseOptions(['--email', 'a@b.co'], { GUNSMITH_ADMIN_PASSWORD: 'FromEnv123' }).password).toBe('FromEnv123')
  })

  it.each([
    [[], /Missing --email/],
    [['--email', 'not-an-email'], /is not an e-mail address/],
    [['--email', 'a@b.co', '--stage', 'Prod'], /Invalid --stage "Prod"/],
    [['--email', 'a@b.co', '--password', 'short'], /at least 8 characters/],
    [['--email', 'a@b.co', '--bogus'], /Unknown option '--bogus'/],
    [['--email', 'a@b.co', '--role', 'boss'], /Invalid --role "boss"/],
  ])('%j is refused with a clear message', (argv, message) => {
    expect(() => parseOptions(argv as string[], {})).toThrow(CliError)
    expect(() => parseOptions(argv as string[], {})).toThrow(message)
  })

  it('prints the usage on a missing --email or --help', () => {
    expect(() => parseOptions([], {})).toThrow(USAGE)
    expect(() => parseOptions(['--help'], {})).toThrow(USAGE)
  })

  it('generates a 20-character password with a symbol', () => {
    const p = generatePassword()
    expect(p).toHaveLength(20)
    expect(p).toMatch(/[!]/)
    expect(generatePassword()).not.toBe(p)
  })
})

describe('create-admin: one clear line per missing prerequisite', () => {
  const where = { stage: 'prod', region: 'us-east-1', stack: 'Gunsmith-prod-Auth' }
  it.each([
    [named('CredentialsProviderError', 'Could not load credentials from any providers'), NO_CREDENTIALS],
    [named('ExpiredToken', 'The security token included in the request is expired'), /credentials have expired/],
    [named('InvalidClientTokenId'), /credentials were rejected/],
    [named('Error', 'Region is missing'), /No AWS region set/],
    [named('ValidationError', 'Stack with id Gunsmith-prod-Auth does not exist'), 'Stack Gunsmith-prod-Auth is not deployed in us-east-1: run npm run deploy -- -c stage=prod first'],
    [named('AccessDenied', 'User is not authorized to perform: cloudformation:DescribeStacks'), /not allowed/],
    [new ConflictError('A user with email a@b.co already exists in the system'), /already exists in the prod user pool/],
    [named('InvalidPasswordException', 'Password did not conform with policy'), /Cognito refused the password/],
    [named('Weird', 'something else'), 'create-admin failed: Weird: something else'],
  ])('%s', (err, expected) => {
    const line = explainError(err, where)
    if (typeof expected === 'string') expect(line).toBe(expected)
    else expect(line).toMatch(expected)
    expect(line).not.toContain('\n')
  })
})

describe('create-admin: the job, with fakes', () => {
  function fakes(outputs: Record<string, Record<string, string> | Error>) {
    const calls: { users: unknown[]; profiles: unknown[]; lines: string[]; resets: unknown[][]; pool?: string; table?: string } = { users: [], profiles: [], lines: [], resets: [] }
    const deps: Deps = {
      region: async () => 'eu-west-1',
      cloudFormation: {
        send: (async (cmd: { input: { StackName: string } }) => {
          const o = outputs[cmd.input.StackName]
          if (o instanceof Error) throw o
          if (!o) throw named('ValidationError', `Stack with id ${cmd.input.StackName} does not exist`)
          return { Stacks: [{ Outputs: Object.entries(o).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })) }] }
        }) as never,
      },
      users: (pool) => {
        calls.pool = pool
        return {
          createConfirmedUser: async (u) => {
            calls.users.push(u)
            return 'sub-1'
          },
        } as ReturnType<Deps['users']>
      },
      profiles: (table) => {
        calls.table = table
        return {
          ensureProfile: async (p) => {
            calls.profiles.push(p)
            return p as never
          },
        }
      },
      resetMfa: async (pool, email, table) => {
        if (email === 'nobody@example.com') throw named('UserNotFoundException', 'User does not exist.')
        calls.resets.push([pool, email, table])
      },
      log: (line) => void calls.lines.push(line),
    }
    return { deps, calls }
  }

  const deployed = {
    'Gunsmith-prod-Auth': { UserPoolId: 'eu-west-1_abc', UserPoolClientId: 'client' },
    'Gunsmith-prod-Data': { TableName: 'Gunsmith-prod-Data-Table-XYZ' },
  }

  it('creates the user in the admin group of the pool from the Auth outputs, and the admin profile in the table from the Data outputs', async () => {
    const { deps, calls } = fakes(deployed)
    await createAdmin({ email: 'owner@example.com', stage: 'prod', password: 'Permanent123', firstName: 'Sam' }, deps)
    expect(calls.pool).toBe('eu-west-1_abc')
    expect(calls.table).toBe('Gunsmith-prod-Data-Table-XYZ')
    expect(calls.users).toEqual([{ email: 'owner@example.com', password: 'Permanent123', group: 'admin', firstName: 'Sam', lastName: undefined }])
    expect(calls.profiles).toEqual([{ id: 'sub-1', email: 'owner@example.com', firstName: 'Sam', lastName: undefined, role: 'admin', staffRole: 'owner' }])
    expect(calls.lines.join('\n')).toContain('Admin owner@example.com created in stage prod (eu-west-1)')
    expect(calls.lines.join('\n')).not.toContain('Permanent123')
  })

  it('says the new admin sets up an authenticator app at the first visit to a staff page', async () => {
    const { deps, calls } = fakes(deployed)
    await createAdmin({ email: 'owner@example.com', stage: 'prod', password: 'Permanent123' }, deps)
    expect(calls.lines.at(-1)).toBe('Staff pages need two-step sign-in: at the first visit the portal asks them to set up an authenticator app.')
  })

  it('--reset-mfa turns off an admin\'s authenticator app in the pool from the Auth outputs, and creates nothing', async () => {
    expect(parseOptions(['--email', 'Owner@Example.com', '--stage', 'prod', '--reset-mfa'])).toMatchObject({ email: 'owner@example.com', resetMfa: true })
    const { deps, calls } = fakes(deployed)
    await createAdmin({ email: 'owner@example.com', stage: 'prod', resetMfa: true }, deps)
    expect(calls.resets).toEqual([['eu-west-1_abc', 'owner@example.com', { tableName: deployed['Gunsmith-prod-Data'].TableName, region: 'eu-west-1' }]])
    expect(calls.users).toEqual([])
    expect(calls.profiles).toEqual([])
    expect(calls.lines.join('\n')).toContain('Two-step sign-in of owner@example.com turned off in stage prod (eu-west-1) and every session of theirs ended')
    await expect(createAdmin({ email: 'nobody@example.com', stage: 'prod', resetMfa: true }, deps)).rejects.toThrow('No user with this e-mail in the prod user pool')
  })

  it('prints a generated password once when none was given', async () => {
    const { deps, calls } = fakes(deployed)
    await createAdmin({ email: 'owner@example.com', stage: 'prod' }, deps)
    const password = (calls.users[0] as { password: string }).password
    expect(calls.lines.filter((l) => l.includes(password))).toHaveLength(1)
  })

  it('says the stack is not deployed, naming stack, region and the command to run', async () => {
    const { deps, calls } = fakes({})
    await expect(createAdmin({ email: 'a@b.co', stage: 'prod' }, deps)).rejects.toThrow(
      'Stack Gunsmith-prod-Auth is not deployed in eu-west-1: run npm run deploy -- -c stage=prod first',
    )
    expect(calls.users).toEqual([])
  })

  it('says there are no credentials', async () => {
    const { deps } = fakes({ 'Gunsmith-dev-Auth': named('CredentialsProviderError', 'Could not load credentials from any providers') })
    await expect(createAdmin({ email: 'a@b.co', stage: 'dev' }, deps)).rejects.toThrow(NO_CREDENTIALS)
  })

  it('says which output is missing on an older deployment', async () => {
    const { deps } = fakes({ 'Gunsmith-prod-Auth': { UserPoolId: 'p' }, 'Gunsmith-prod-Data': {} })
    await expect(createAdmin({ email: 'a@b.co', stage: 'prod' }, deps)).rejects.toThrow('Stack Gunsmith-prod-Data has no output TableName')
  })

  it('says the user exists', async () => {
    const { deps } = fakes(deployed)
    deps.users = () => ({ createConfirmedUser: async () => { throw new ConflictError('exists') } }) as never
    await expect(createAdmin({ email: 'a@b.co', stage: 'prod', password: 'Password123' }, deps)).rejects.toThrow(/already exists/)
  })
})
