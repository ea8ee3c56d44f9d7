/**
 * Cognito's own mails (sign-up codes, password resets) go out through the shop's verified SES identity,
 * the one the notifier sends as (stage config emailFrom / sesIdentity / sesConfigurationSet).
 */
import { describe, expect, it } from 'vitest'
import { cognitoMessages } from '../../infra/constructs/cognito-messages.ts'
import { resourcesOf, synthStage } from './helpers.ts'

const poolOf = (json: Record<string, any>) => resourcesOf(json.auth, 'AWS::Cognito::UserPool')[0][1].Properties

const identityArn = (identity: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:identity/${identity}`]],
})

describe('Cognito email through SES', () => {
  it('sends as the verified domain identity, with the configuration set, from the notifier sender', () => {
    const { json } = synthStage({ emailFrom: 'shop@mail.example.org', sesIdentity: 'mail.example.org', sesConfigurationSet: 'gunsmith-notify' })
    expect(poolOf(json).EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'shop@mail.example.org',
      SourceArn: identityArn('mail.example.org'),
      ConfigurationSet: 'gunsmith-notify',
    })
  })

  it('sends as a verified address identity when only the address is verified', () => {
    const { json } = synthStage({ emailFrom: 'owner@example.net', sesIdentity: 'owner@example.net' })
    expect(poolOf(json).EmailConfiguration).toEqual({ EmailSendingAccount: 'DEVELOPER', From: 'owner@example.net', SourceArn: identityArn('owner@example.net') })
  })

  it('uses the custom domain sender (notifications@<domainName>) by default', () => {
    const { json } = synthStage({ domainName: 'portal.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' })
    expect(poolOf(json).EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'notifications@portal.example.org', SourceArn: identityArn('portal.example.org') })
  })

  it("keeps Cognito's own sender while the sender is the dev placeholder (Cognito refuses an unverified identity)", () => {
    const { json } = synthStage()
    expect(poolOf(json).EmailConfiguration).toBeUndefined()
  })

  it("mails codes and welcomes in the local stack's words, naming the portal when its domain is known", () => {
    const withDomain = poolOf(synthStage({ domainName: 'portal.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' }).json)
    const words = cognitoMessages('https://portal.example.org')
    expect(withDomain.VerificationMessageTemplate).toMatchObject({ DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailSubject: words.verification.subject, EmailMessage: words.verification.body })
    expect(withDomain.AdminCreateUserConfig.InviteMessageTemplate).toMatchObject({ EmailSubject: words.invitation.subject, EmailMessage: words.invitation.body })
    expect(words.invitation.body).toContain('https://portal.example.org/login')
    for (const body of [words.verification.body, words.invitation.body]) expect(body).toContain('{####}')
    expect(words.invitation.body).toContain('{username}')
    expect(poolOf(synthStage().json).AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toBe(cognitoMessages().invitation.body)
  })
})

describe('staff two-step sign-in', () => {
  it('lets users enroll an authenticator app (TOTP only, no SMS codes); the pool cannot require it of one group, the API does', () => {
    const pool = poolOf(synthStage().json)
    expect(pool.MfaConfiguration).toBe('OPTIONAL')
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA'])
    expect(pool.SmsConfiguration).toBeUndefined()
  })
})
