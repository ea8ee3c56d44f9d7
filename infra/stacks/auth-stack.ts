import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import * as cognito from 'aws-cdk-lib/aws-cognito'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import type { Construct } from 'constructs'
import { AppFunction, acknowledge } from '../constructs/app-function.ts'
import { TABLE_GRANTS } from '../constructs/table-grants.ts'
import { POST_CONFIRMATION_ENTRY } from '../constructs/lambda-bundle.ts'
import { cognitoMessages } from '../constructs/cognito-messages.ts'
import { CONTEXT_DEFAULTS, type StageConfig } from '../constructs/stage-config.ts'

export interface AuthStackProps extends StackProps {
  config: StageConfig
  table: ITable
}

export const USER_GROUPS = ['admin', 'customer'] as const

export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool
  readonly userPoolClient: cognito.UserPoolClient
  readonly postConfirmation: AppFunction

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props)
    const { config, table } = props
    const { stage, retainData, removalPolicy } = config

    this.postConfirmation = new AppFunction(this, 'PostConfirmation', {
      entry: POST_CONFIRMATION_ENTRY,
      description: 'Cognito post-confirmation (adds the user to `customer`, creates the profile) and post-authentication (records the sign-in)',
      stage,
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
      removalPolicy,
      invocation: 'cognito-trigger',
    })
    this.postConfirmation.bindTable({ table, grant: TABLE_GRANTS['post-confirmation'] })

    const { notifications } = config
    const messages = cognitoMessages(config.customDomain ? `https://${config.customDomain.domainName}` : undefined)
    // Sign-up codes and password-reset mails go out through the shop's verified SES identity (the notifier's),
    // not Cognito's shared sender (50 mails a day, from no-reply@verificationemail.com). Cognito checks the identity
    // when the pool is written, so the dev placeholder sender (example.com, never verifiable) keeps Cognito's own.
    const sesIdentityIsDomain = !notifications.sesIdentity.includes('@')
    const email =
      notifications.emailFrom === CONTEXT_DEFAULTS.emailFrom
        ? undefined
        : cognito.UserPoolEmail.withSES({
            fromEmail: notifications.emailFrom,
            sesRegion: this.region,
            // The sender's own domain as written (stage-config.ts checked it is the identity, in any case).
            ...(sesIdentityIsDomain ? { sesVerifiedDomain: notifications.emailFrom.slice(notifications.emailFrom.lastIndexOf('@') + 1) } : {}),
            ...(notifications.sesConfigurationSet ? { configurationSetName: notifications.sesConfigurationSet } : {}),
          })

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `gunsmith-${stage}`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      // One email, one account: `Zoe@Example.com` is `zoe@example.com` (the API and the SPA also send every email
      // normalized). Fixed when a pool is created: `legacyCaseSensitivePool` keeps an older pool (docs/deploying.md).
      ...(config.legacyCaseSensitivePool ? {} : { signInCaseSensitive: false }),
      email,
      // The same words the local stack mails (infra/constructs/cognito-messages.ts).
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE, emailSubject: messages.verification.subject, emailBody: messages.verification.body },
      userInvitation: { emailSubject: messages.invitation.subject, emailBody: messages.invitation.body },
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      // The product rule is "at least 8 characters"; the SPA validates the same.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Optional at the pool, required of staff: Cognito cannot require MFA of one group only. Customers sign in with
      // email and password (spec); an admin enrolls an authenticator app after the first sign-in and is asked for its
      // code at every sign-in after that. The API refuses staff routes (403 mfa_required) to an admin who has not
      // enrolled (functions/auth/staff-mfa.ts reads AdminGetUser). No SMS codes (SIM swaps; SNS spend).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      // The accounts are data: prod keeps them (and refuses deletion); other stages are disposable.
      deletionProtection: retainData,
      removalPolicy,
      // One function for both: post-authentication records each sign-in on the profile (the staff list's "Last
      // sign-in"; functions/triggers/post-authentication.ts), one UpdateItem with the table rights it already has.
      lambdaTriggers: { postConfirmation: this.postConfirmation.fn, postAuthentication: this.postConfirmation.fn },
    })

    // A separate policy, not the role's default policy: the function does not
    // depend on it, so pool -> trigger -> policy -> pool is not a cycle and the
    // grant names this pool's exact ARN.
    const cognitoPolicy = new iam.Policy(this, 'PostConfirmationCognito', {
      roles: [this.postConfirmation.role],
      statements: [
        new iam.PolicyStatement({
          // A new customer joins their group; a password reset revokes every refresh token of the person.
          actions: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    })
    acknowledge(cognitoPolicy, ['PCI.DSS.321-IAMNoInlinePolicy'],
      'One statement (cognito-idp:AdminAddUserToGroup and AdminUserGlobalSignOut on this pool) attached to the sign-up trigger\'s own role only; a separate policy rather than the role\'s default one to break the pool → trigger → policy cycle (above).')

    for (const groupName of USER_GROUPS) {
      new cognito.UserPoolGroup(this, `Group-${groupName}`, {
        userPool: this.userPool,
        groupName,
        precedence: groupName === 'admin' ? 0 : 10,
      })
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // SRP only: the password never leaves the browser. USER_PASSWORD_AUTH exists only in the local stack's client
      // (infra/local/cognito.ts: cognito-local has no SRP), where the SPA uses it because a local endpoint is configured.
      authFlows: { userSrp: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    })

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The product password rule is a minimum of 8 characters with no character-class requirements; the SPA and the admin create-customer form validate exactly that, so Cognito must accept the same passwords.',
    })
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is OPTIONAL at the pool, not REQUIRED, because Cognito cannot require it of one group: customers sign in with email and password (spec), while staff must use an authenticator app (TOTP). The API enforces that for staff: every admin route answers 403 mfa_required until AdminGetUser shows SOFTWARE_TOKEN_MFA for the caller (functions/auth/staff-mfa.ts), and the SPA walks the admin through enrolling.',
    })
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Plus feature plan (threat protection) is billed per monthly active user; this small shop portal stays on the Essentials plan (cost), accepting the standard protections Cognito includes in every plan.',
    })

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, description: 'Read by npm run create-admin' })
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId })
    new CfnOutput(this, 'PostConfirmationLogGroupName', { value: this.postConfirmation.logGroup.logGroupName, description: 'Logs of the sign-up trigger' })
  }
}
