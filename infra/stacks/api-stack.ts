import * as fs from 'node:fs'
import * as path from 'node:path'
import { Aws, CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type * as cognito from 'aws-cdk-lib/aws-cognito'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import * as logs from 'aws-cdk-lib/aws-logs'
import type { Construct } from 'constructs'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { functionGroups, routeKey, routesFor, type FunctionGroup, type RouteDef } from '../../functions/routes.ts'
import { AppFunction } from '../constructs/app-function.ts'
import { entriesDir, functionsDir } from '../constructs/paths.ts'

export interface ApiStackProps extends StackProps {
  stage: string
  table: ITable
  userPool: cognito.IUserPool
  userPoolClient: cognito.IUserPoolClient
}

/** Cognito admin calls made by api-admin (customer management); nothing else gets Cognito rights. */
export const ADMIN_COGNITO_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const

const METHODS: Record<RouteDef['method'], apigw.HttpMethod> = {
  GET: apigw.HttpMethod.GET,
  POST: apigw.HttpMethod.POST,
  PUT: apigw.HttpMethod.PUT,
  PATCH: apigw.HttpMethod.PATCH,
  DELETE: apigw.HttpMethod.DELETE,
}

/** Why a route is public (by route key, else by function group); a public route with no reason fails synth. */
const PUBLIC_ROUTE_REASONS: Record<string, string> = {
  'GET /api/health': 'Health check for monitoring; it returns only a status and reads no user data.',
  'stripe-webhook':
    'Stripe calls the webhook without a Cognito token; the function verifies the Stripe-Signature header over the raw body before parsing it.',
}

/** Writes a group's generated entry to a stable path (deterministic asset hashes) and returns it. */
function writeGroupEntry(group: FunctionGroup): string {
  fs.mkdirSync(entriesDir, { recursive: true })
  const file = path.join(entriesDir, `${group}.ts`)
  // Relative imports keep the entry (and so the bundle) the same in every checkout.
  const source = groupEntrySource(group, path.relative(entriesDir, functionsDir))
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source)
  return file
}

export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi
  /** Host name of the execute-api endpoint, for the CloudFront origin. */
  readonly apiDomainName: string
  readonly functions: Partial<Record<FunctionGroup, AppFunction>> = {}

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props)
    const { stage, table, userPool, userPoolClient } = props

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `gunsmith-${stage}`,
      // Same origin as the SPA behind CloudFront: no CORS.
      createDefaultStage: false,
    })

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS })
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    })

    const issuer = `https://cognito-idp.${Stack.of(userPool).region}.amazonaws.com/${userPool.userPoolId}`
    // Access tokens carry no `aud`; API Gateway then checks `client_id` against the audience.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      authorizerName: 'cognito-jwt',
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [userPoolClient.userPoolClientId],
    })

    for (const group of functionGroups) {
      const groupRoutes = routesFor(group)
      if (groupRoutes.length === 0) continue
      const fn = this.createGroupFunction(group, stage, table, userPool, userPoolClient)
      const integration = new HttpLambdaIntegration(`${group}-integration`, fn.fn)
      for (const r of groupRoutes) {
        const key = routeKey(r)
        const route = new apigw.HttpRoute(this, `Route ${key}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(r.path, METHODS[r.method]),
          integration,
          // 'admin' routes are checked again inside api-admin (cognito:groups).
          authorizer: r.access === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
        })
        if (r.access === 'public') {
          const reason = PUBLIC_ROUTE_REASONS[key] ?? PUBLIC_ROUTE_REASONS[group]
          if (!reason) throw new Error(`Public route ${key} needs a reason in PUBLIC_ROUTE_REASONS (infra/stacks/api-stack.ts)`)
          Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason })
        }
      }
    }

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint })
  }

  /** One function per group, with only that group's grants. */
  private createGroupFunction(
    group: FunctionGroup,
    stage: string,
    table: ITable,
    userPool: cognito.IUserPool,
    userPoolClient: cognito.IUserPoolClient,
  ): AppFunction {
    const fn = new AppFunction(this, `Fn-${group}`, {
      entry: writeGroupEntry(group),
      description: `Gunsmith ${group} routes`,
      stage,
    })
    fn.bindTable({ table, accessMode: 'read-write' })
    switch (group) {
      case 'api-customer':
        fn.bindUserPool({ userPoolId: userPool.userPoolId, userPoolClientId: userPoolClient.userPoolClientId })
        break
      case 'api-admin':
        fn.bindUserPool({ userPoolId: userPool.userPoolId, userPoolClientId: userPoolClient.userPoolClientId })
        userPool.grant(fn.role, ...ADMIN_COGNITO_ACTIONS)
        break
      case 'stripe-webhook':
        break
    }
    this.functions[group] = fn
    return fn
  }
}
