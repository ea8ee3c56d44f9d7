/**
 * The notifier's environment, named and read here rather than in functions/lib/env.ts (which every
 * function carries: bundle budget). The CDK wiring sets these names.
 */
import { ENV_NAMES as FUNCTION_ENV_NAMES, env } from '../lib/env.ts'

export const NOTIFY_ENV_NAMES = {
  /** The portal's address for the links in messages (`${PORTAL_URL}/orders/{orderId}`); required outside the local stage. */
  portalUrl: 'PORTAL_URL',
  /** The sender of notification emails (an SES verified identity in AWS); the shop's email when unset. */
  emailFrom: FUNCTION_ENV_NAMES.emailFrom,
  /** Optional SES configuration set for notification emails (event publishing, suppression). */
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  /** Local: an SMTP catcher (maildev) instead of SES, and an HTTP sink instead of SNS for SMS. */
  smtpHost: 'SMTP_HOST',
  smtpPort: 'SMTP_PORT',
  smsSinkUrl: 'SMS_SINK_URL',
  /** Local stage only: the batching window in ms instead of 2 minutes (the e2e stack shortens it; never set in AWS). */
  digestWindowMs: 'NOTIFY_DIGEST_WINDOW_MS',
} as const

const ENV_NAMES = NOTIFY_ENV_NAMES

/** Where message links point when PORTAL_URL is unset on the local stage: the local gateway (infra/local/main.ts, PORT 3000). */
export const LOCAL_PORTAL_URL = 'http://127.0.0.1:3000'

export interface NotifyEnv {
  region: string
  /** Without a trailing slash. Undefined outside the local stage when PORTAL_URL is unset (never a link to a developer's machine). */
  portalUrl?: string
  emailFrom?: string
  sesConfigurationSet?: string
  smtpHost?: string
  smtpPort: number
  smsSinkUrl?: string
  /** The batching window, when the local stage shortens it (digest-join.ts DIGEST_WINDOW_MS otherwise). */
  digestWindowMs?: number
}

const text = (name: string) => process.env[name]?.trim() || undefined

/** Read at each call (the handler reads it once per container; tests and the local stack change it). */
export function notifyEnv(): NotifyEnv {
  const { region, stage } = env()
  const port = Number(text(ENV_NAMES.smtpPort) ?? 25)
  return {
    region,
    portalUrl: text(ENV_NAMES.portalUrl)?.replace(/\/+$/, '') ?? (stage === 'local' ? LOCAL_PORTAL_URL : undefined),
    emailFrom: text(ENV_NAMES.emailFrom),
    sesConfigurationSet: text(ENV_NAMES.sesConfigurationSet),
    smtpHost: text(ENV_NAMES.smtpHost),
    smtpPort: Number.isInteger(port) && port > 0 && port < 65_536 ? port : 25,
    smsSinkUrl: text(ENV_NAMES.smsSinkUrl),
    ...(stage === 'local' && Number(text(ENV_NAMES.digestWindowMs)) > 0 ? { digestWindowMs: Number(text(ENV_NAMES.digestWindowMs)) } : {}),
  }
}

/** The portal URL, or the error naming the missing variable (a deployed notifier without PORTAL_URL fails its first run). */
export function requirePortalUrl(e: NotifyEnv = notifyEnv()): string {
  if (!e.portalUrl) throw new Error(`Missing required environment variable ${ENV_NAMES.portalUrl}`)
  return e.portalUrl
}
