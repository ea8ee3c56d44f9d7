import { tableKeys } from '../../functions/db/table-schema.ts'
import { RemovalPolicy } from 'aws-cdk-lib'
import type { Node } from 'constructs'

/**
 * Everything a deployment can be told with `-c key=value` (defaults in cdk.json,
 * documented in docs/deploying.md), parsed and checked once. The CLI passes every
 * context value as a string, cdk.json passes JSON types: both are accepted.
 */
export interface StageConfig {
  /** `dev` (default), `prod`, or any other lowercase name (a disposable stage like dev). */
  stage: string
  /** Only `prod` keeps its data when the stack or a resource goes away. */
  retainData: boolean
  /** RETAIN for prod, DESTROY for disposable stages; for every resource that holds data or logs. */
  removalPolicy: RemovalPolicy
  /** Custom domain on CloudFront, with its ACM certificate (must be in us-east-1). */
  customDomain: { domainName: string; certificateArn: string } | null
  /** Where alarm notifications are e-mailed (SNS e-mail subscription); null = topic only. */
  alarmEmail: string | null
  /** HTTP API $default stage throttling (requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number }
  /**
   * WAF web ACL on CloudFront (AWS managed rule groups, a per-IP rate rule on every request and one on note and
   * payment creation); the Web stack must then deploy in us-east-1. On by default in prod, off elsewhere;
   * `-c enableWaf=false` turns it off in prod (docs/deploying.md).
   */
  waf: { rateLimit: number; writeRateLimit: number } | null
  /**
   * The table's AWS Backup plan (daily, monthly and yearly recovery points in a locked, encrypted vault: the A&D book
   * outlives point-in-time recovery's 35 days; infra/constructs/book-backup.ts). On by default in prod, off
   * elsewhere (a locked vault outlives its stack); `-c enableBackup=…` decides.
   */
  backup: boolean
  /** Goes into /config.json for Stripe.js; a publishable key (pk_…) is public by design. */
  stripePublishableKey: string | null
  /**
   * How many of the table's global secondary indexes (table-schema.ts, in order) the data stack declares.
   * CloudFormation adds one index per update, so a table deployed with fewer gets the rest one deploy at a
   * time (docs/deploying.md, "Adding table indexes"); a new table gets all of them at once.
   */
  tableIndexes: number
  /**
   * The notifier's sender (functions/notify/notify-env.ts): EMAIL_FROM, the SES identity it sends as (the IAM
   * grant is scoped to it: the address's domain unless `sesIdentity` names the address or another domain) and an
   * optional SES configuration set. README, "Email and SMS in AWS", says how to verify the identity.
   */
  notifications: { emailFrom: string; sesIdentity: string; sesConfigurationSet: string | null }
  /**
   * `legacyCaseSensitivePool`: keep a user pool deployed before sign-in became case-insensitive as it is (no
   * UsernameConfiguration in the template). Case sensitivity cannot be changed on an existing pool: CloudFormation
   * would replace it, with every account in it (docs/deploying.md, "Case-insensitive sign-in"). Default false.
   */
  legacyCaseSensitivePool: boolean
  /**
   * `originVerifyRotation`: a label (e.g. a date) written into the API functions' descriptions and the CloudFront
   * comment. CloudFormation re-reads a dynamic reference only when the resource holding it changes: after a new
   * origin-verify value is put into Secrets Manager, a new label makes the next deploy hand it to CloudFront and the
   * functions (docs/deploying.md, "The edge"). Null = none.
   */
  originVerifyRotation: string | null
}

export const CONTEXT_DEFAULTS = {
  stage: 'dev',
  throttleRateLimit: 50,
  throttleBurstLimit: 100,
  /** enableWaf when not given: on for prod (the edge of a business taking card payments), off for disposable stages. */
  enableWaf: (stage: string) => stage === 'prod',
  wafRateLimit: 1000,
  /** enableBackup when not given: on for prod (the book must be kept), off for disposable stages. */
  enableBackup: (stage: string) => stage === 'prod',
  /** Note and payment-intent creations one client IP may send in 5 minutes (a customer sends a handful). */
  wafWriteRateLimit: 100,
  tableIndexes: tableKeys.indexes.length,
  legacyCaseSensitivePool: false,
  /** Dev default: a placeholder sender (SES refuses it until a real, verified one is given); with a custom domain, notifications@<domainName>. */
  emailFrom: 'notifications@example.com',
} as const

export class ContextError extends Error {}

/** The context flag that lets a prod synth or deploy go ahead without alarmEmail and emailFrom (not advised). */
export const PROD_WITHOUT_CONTACTS_FLAG = 'allowProdWithoutAlarmEmailOrSender'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

function str(node: Node, key: string): string | null {
  const v = node.tryGetContext(key)
  if (v === undefined || v === null) return null
  const s = String(v).trim()
  return s === '' ? null : s
}

function int(node: Node, key: string, fallback: number, min: number, max: number): number {
  const s = str(node, key)
  if (s === null) return fallback
  const n = Number(s)
  if (!Number.isInteger(n) || n < min || n > max) throw new ContextError(`Context ${key}=${s}: expected a whole number from ${min} to ${max}`)
  return n
}

function bool(node: Node, key: string, fallback: boolean): boolean {
  const s = str(node, key)
  if (s === null) return fallback
  if (/^(true|1|yes)$/i.test(s)) return true
  if (/^(false|0|no)$/i.test(s)) return false
  throw new ContextError(`Context ${key}=${s}: expected true or false`)
}

export function readStageConfig(node: Node): StageConfig {
  const stage = str(node, 'stage') ?? CONTEXT_DEFAULTS.stage
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new ContextError(`Invalid stage "${stage}": lowercase letters, digits and dashes`)
  const retainData = stage === 'prod'

  const domainName = str(node, 'domainName')
  const certificateArn = str(node, 'certificateArn')
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new ContextError('A custom domain needs both -c domainName=<host> and -c certificateArn=<ACM certificate ARN in us-east-1>')
  }
  if (domainName && !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(domainName)) {
    throw new ContextError(`Context domainName=${domainName}: expected a host name like portal.example.com`)
  }
  if (certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new ContextError(`Context certificateArn=${certificateArn}: expected an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from us-east-1)`)
  }

  const alarmEmail = str(node, 'alarmEmail')
  if (alarmEmail && !EMAIL.test(alarmEmail)) throw new ContextError(`Context alarmEmail=${alarmEmail}: expected an e-mail address`)

  const rateLimit = int(node, 'throttleRateLimit', CONTEXT_DEFAULTS.throttleRateLimit, 1, 10_000)
  const burstLimit = int(node, 'throttleBurstLimit', CONTEXT_DEFAULTS.throttleBurstLimit, 1, 5_000)

  // WAF rate-based rules count requests per IP over 5 minutes; AWS accepts 10 to 2,000,000,000.
  const waf = bool(node, 'enableWaf', CONTEXT_DEFAULTS.enableWaf(stage))
    ? {
        rateLimit: int(node, 'wafRateLimit', CONTEXT_DEFAULTS.wafRateLimit, 10, 2_000_000_000),
        writeRateLimit: int(node, 'wafWriteRateLimit', CONTEXT_DEFAULTS.wafWriteRateLimit, 10, 2_000_000_000),
      }
    : null

  const stripePublishableKey = str(node, 'stripePublishableKey')
  if (stripePublishableKey && !/^pk_(test|live)_[A-Za-z0-9]+$/.test(stripePublishableKey)) {
    // Guards against pasting the secret key (sk_…) here: it would be published in /config.json.
    throw new ContextError('Context stripePublishableKey must be a Stripe publishable key (pk_test_… or pk_live_…); secret keys go into Secrets Manager')
  }

  const tableIndexes = int(node, 'tableIndexes', CONTEXT_DEFAULTS.tableIndexes, 2, tableKeys.indexes.length)

  const emailFrom = str(node, 'emailFrom') ?? (domainName ? `notifications@${domainName}` : CONTEXT_DEFAULTS.emailFrom)
  if (!EMAIL.test(emailFrom)) throw new ContextError(`Context emailFrom=${emailFrom}: expected an e-mail address`)
  const sesIdentity = str(node, 'sesIdentity') ?? emailFrom.slice(emailFrom.lastIndexOf('@') + 1)
  if (!EMAIL.test(sesIdentity) && !DOMAIN.test(sesIdentity)) throw new ContextError(`Context sesIdentity=${sesIdentity}: expected a domain or an e-mail address verified in SES`)
  if (sesIdentity !== emailFrom && !emailFrom.toLowerCase().endsWith(`@${sesIdentity.toLowerCase()}`)) {
    throw new ContextError(`Context sesIdentity=${sesIdentity} does not cover emailFrom=${emailFrom}: give the sender's domain or the address itself`)
  }
  const sesConfigurationSet = str(node, 'sesConfigurationSet')
  if (sesConfigurationSet && !/^[A-Za-z0-9_-]{1,64}$/.test(sesConfigurationSet)) throw new ContextError(`Context sesConfigurationSet=${sesConfigurationSet}: expected an SES configuration set name`)

  // prod must say where its alarms go and who its mail is from: without alarmEmail every alarm reaches a topic nobody
  // reads, and with the placeholder sender SES refuses every notification and Cognito keeps its own 50-a-day sender.
  // Deliberately going without them takes a flag that says so (docs/deploying.md, "Settings").
  if (stage === 'prod' && !bool(node, PROD_WITHOUT_CONTACTS_FLAG, false)) {
    const missing = [
      ...(alarmEmail ? [] : ['-c alarmEmail=<the address alarms are e-mailed to>']),
      ...(emailFrom === CONTEXT_DEFAULTS.emailFrom ? ['-c emailFrom=<a sender verified in SES> (or -c domainName, whose notifications@ address is the sender)'] : []),
    ]
    if (missing.length) {
      throw new ContextError(`A prod deployment needs alarmEmail and emailFrom: pass ${missing.join(' and ')}, or -c ${PROD_WITHOUT_CONTACTS_FLAG}=true to deploy prod without them on purpose`)
    }
  }

  const originVerifyRotation = str(node, 'originVerifyRotation')
  if (originVerifyRotation && !/^[\w.:-]{1,40}$/.test(originVerifyRotation)) {
    throw new ContextError(`Context originVerifyRotation=${originVerifyRotation}: expected a short label such as 2026-11-27 (letters, digits, . _ : -)`)
  }

  return {
    stage,
    retainData,
    removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : null,
    alarmEmail,
    throttle: { rateLimit, burstLimit },
    waf,
    backup: bool(node, 'enableBackup', CONTEXT_DEFAULTS.enableBackup(stage)),
    stripePublishableKey,
    tableIndexes,
    notifications: { emailFrom, sesIdentity, sesConfigurationSet },
    legacyCaseSensitivePool: bool(node, 'legacyCaseSensitivePool', CONTEXT_DEFAULTS.legacyCaseSensitivePool),
    originVerifyRotation,
  }
}
