import * as fs from 'node:fs'
import { contentSecurityPolicy } from '../constructs/content-security-policy.ts'
import { Annotations, ArnFormat, Aws, CfnOutput, CfnResource, CfnRule, Duration, Fn, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as wafv2 from 'aws-cdk-lib/aws-wafv2'
import type { Construct, IConstruct } from 'constructs'
import { LOG_RETENTION } from '../constructs/app-function.ts'
import { nagResourceText } from '../constructs/nag.ts'
import { webDistDir } from '../constructs/paths.ts'
import { SITE_KIT_FOLDER } from '../../functions/site/site-kit.ts'
import { SITE_PAGES_PREFIX, SitePublisher, siteKitBuild } from '../constructs/site-publisher.ts'
import type { StageConfig } from '../constructs/stage-config.ts'
import { photosOrigin } from '../constructs/photos-bucket.ts'
import { deployedRoutesFor, functionGroups, routeKey } from '../../functions/routes.ts'
import { ORIGIN_VERIFY_HEADER, PER_CLIENT_WRITE_ROUTES, metricNamespace } from './api-stack.ts'

/** The given route keys that the stage deploys (a route not deployed has nothing to limit). */
const deployedRouteKeys = (keys: readonly string[]) => {
  const deployed = new Set(functionGroups.flatMap((g) => deployedRoutesFor(g).map(routeKey)))
  return keys.filter((k) => deployed.has(k))
}

export interface WebStackProps extends StackProps {
  /** Stage, removal policy, custom domain, WAF and the Stripe publishable key (context `stripePublishableKey`; null until payments are configured). */
  config: StageConfig
  apiDomainName: string
  /** What CloudFront puts in the `x-origin-verify` header to the API (a Secrets Manager dynamic reference; api-stack.ts). */
  originVerifyValue: string
  userPoolId: string
  userPoolClientId: string
  /** Path of the Stripe webhook route (null while not deployed): its full URL is an output for registering it in Stripe. */
  webhookPath?: string | null
  /** Where the built SPA is; defaults to web/dist. */
  webDist?: string
  /** The table, with its stream (data-stack.ts): the site publisher reads the settings item and follows its writes. */
  table: dynamodb.ITable
  /** The condition photos' bucket (data-stack.ts): the page POSTs uploads to it and shows photos from it (CSP). */
  photosBucketName: string
}

/**
 * The viewer-request function of the S3 behaviour. Client routes (no dot in the last path segment) get index.html, the
 * SPA shell, except the public pages the build pre-rendered (web/prerender/plugin.ts): each of those paths, with or
 * without a trailing slash, gets its own file, /prerendered<path>/index.html (/prerendered/index.html for `/`). Files
 * are served as they are. infra/local/static-files.ts applies the same rule locally.
 */
export function spaFallbackCode(prerenderedPaths: readonly string[]): string {
  return `var PRERENDERED = ${JSON.stringify([...prerenderedPaths].sort())};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    var route = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
    if (route === '') route = '/';
    request.uri = PRERENDERED.indexOf(route) === -1 ? '/index.html' : '/prerendered' + (route === '/' ? '' : route) + '/index.html';
  }
  return request;
}`
}

/** The paths the build pre-rendered: every dist/prerendered/<path>/index.html (none without a build). */
export function prerenderedPaths(webDist: string): string[] {
  const root = `${webDist}/prerendered`
  if (!fs.existsSync(root)) return []
  const out: string[] = []
  const visit = (dir: string, route: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(`${dir}/${entry.name}`, `${route === '/' ? '' : route}/${entry.name}`)
      else if (entry.name === 'index.html') out.push(route)
    }
  }
  visit(root, '/')
  return out.sort()
}

const PLACEHOLDER_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gunsmith portal</title></head>
<body><p>The web app was not built when this stack was synthesized. Run <code>npm run build:web</code> and deploy again.</p></body></html>`


/**
 * The AWS managed rule groups in front of CloudFront, in priority order after the rate rule. `countOnly` rules are
 * counted, not enforced: SizeRestrictions_BODY blocks any body over 8 KB, and staff order edits (many lines, long
 * notes) and settings can be larger; every route validates its body's fields and lengths itself.
 */
export const WAF_MANAGED_RULE_GROUPS = [
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] as string[] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] as string[] },
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY'] },
] as const

/**
 * What a client over a WAF limit gets: 429 with the API's error shape (docs/api.md, "Errors"), so the SPA shows the
 * message as it shows the API's own limits.
 */
export const WAF_TOO_MANY_REQUESTS = {
  key: 'too-many-requests',
  body: { error: { code: 'too_many_requests', message: 'Too many requests from your connection. Please wait a few minutes and try again.' } },
} as const

/**
 * A regular expression matching exactly the paths of the given route keys (`{param}` is one path segment), for the
 * WAF's per-client rule: the route table's paths, so a renamed route is not silently left unlimited.
 */
export function routePathsPattern(routeKeys: readonly string[]): string {
  const paths = routeKeys.map((key) => key.slice(key.indexOf(' ') + 1).split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/'))
  return `^(${paths.join('|')})$`
}

/** The CloudWatch names of the web ACL's metrics (the ACL's, and its rules'): the alarms and the dashboard read them. */
export interface WafMetricNames {
  /** The `WebACL` dimension: the ACL's metric name, which is also its name. */
  webAcl: string
  /** The `Rule` dimension of the per-client write limit. */
  writeRateRule: string
}

export class WebStack extends Stack {
  readonly bucket: s3.Bucket
  readonly distribution: cloudfront.Distribution
  readonly webAcl?: wafv2.CfnWebACL
  /** Set with the web ACL: the names its CloudWatch metrics carry. */
  readonly wafMetrics?: WafMetricNames
  /** https://<custom domain or CloudFront host>: the portal's address (the notifier's links). */
  readonly siteUrl: string
  /** Publishes the public pages with the shop's identity; absent when the web build has no site kit. */
  readonly sitePublisher?: SitePublisher

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props)
    const { config, apiDomainName, userPoolId, userPoolClientId, webDist = webDistDir } = props
    const { stripePublishableKey, customDomain, removalPolicy, retainData } = config

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only the SPA build lives here (it is redeployed from git), and the public pages the site publisher renders
      // from it (published again by a deploy or a settings save); a disposable stage empties and deletes it.
      removalPolicy,
      autoDeleteObjects: !retainData,
    })

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(spaFallbackCode(prerenderedPaths(webDist))),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Rewrites client routes to /index.html or their pre-rendered page (S3 behaviour only, so API errors stay API errors)',
    })

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the SPA and the API',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ cognitoOrigin: `https://cognito-idp.${Aws.REGION}.amazonaws.com`, photosOrigin: photosOrigin(props.photosBucketName) }), override: true },
      },
    })

    if (config.waf) {
      this.wafMetrics = { webAcl: `gunsmith-${config.stage}-web`, writeRateRule: `gunsmith-${config.stage}-write-rate-limit` }
      this.webAcl = this.createWebAcl({ stage: config.stage, limits: config.waf, metrics: this.wafMetrics, webhookPath: props.webhookPath ?? null, removalPolicy })
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      // A new rotation label changes the distribution, so CloudFormation resolves x-origin-verify again (stage-config.ts).
      comment: `Gunsmith portal (${id})${config.originVerifyRotation ? ` origin value ${config.originVerifyRotation}` : ''}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: this.webAcl?.attrArn,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The API refuses requests without it: only CloudFront (its WAF, its TLS policy) reaches the functions.
            // CloudFront overwrites a viewer's header of the same name.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Forwards Authorization (and every other viewer header but Host, which must be the API's own).
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    })

    const hasDist = fs.existsSync(`${webDist}/index.html`)
    if (!hasDist) {
      Annotations.of(this).addWarningV2(
        'gunsmith:web-dist-missing',
        `${webDist} has no index.html: deploying a placeholder page. Run \`npm run build:web\` before deploying.`,
      )
    }
    // The site kit (the server render of the public pages) goes into the publisher's asset, never public. With a
    // kit, the public pages are the publisher's: the deployment neither uploads the build's prerendered/ nor prunes
    // the published ones (an excluded key is also left alone by the prune). Without one, the build's pages are served.
    const build = hasDist ? siteKitBuild(webDist) : null
    if (hasDist && !build) {
      Annotations.of(this).addWarningV2(
        'gunsmith:site-kit-missing',
        `${webDist} has no ${SITE_KIT_FOLDER}/site.json: no site publisher, the public pages keep the build's shop identity. Run \`npm run build:web\` before deploying.`,
      )
    }
    const sources = [
      hasDist ? s3deploy.Source.asset(webDist) : s3deploy.Source.data('index.html', PLACEHOLDER_INDEX),
      s3deploy.Source.jsonData('config.json', {
        apiUrl: '/api',
        region: Aws.REGION,
        userPoolId,
        userPoolClientId,
        cognitoEndpoint: null,
        paymentsMode: 'stripe',
        stripePublishableKey,
      }),
    ]
    const exclude = [`${SITE_KIT_FOLDER}/*`, ...(build ? [`${SITE_PAGES_PREFIX}*`] : [])]
    const deployLogs = new logs.LogGroup(this, 'DeploySiteLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY })
    // With a publisher the deploy runs in three steps, so the published pages never point at deleted assets: the new
    // build's files are added (the previous build's kept), the pages are published against them, then what the new
    // build no longer has is pruned (docs/deploying.md). Without one, one step, as the build's pages are its own.
    const deployment = new s3deploy.BucketDeployment(this, 'DeploySite', {
      logGroup: deployLogs,
      destinationBucket: this.bucket,
      sources,
      exclude,
      prune: !build,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    })

    if (build) {
      this.sitePublisher = new SitePublisher(this, 'SitePublisher', {
        stage: config.stage,
        removalPolicy,
        metricNamespace: metricNamespace(config.stage),
        table: props.table,
        bucket: this.bucket,
        distribution: this.distribution,
        webDist,
        build,
        after: deployment,
      })
      // The same files again (unchanged: nothing to invalidate), this time removing what the build no longer has.
      const prune = new s3deploy.BucketDeployment(this, 'PruneSite', {
        logGroup: deployLogs,
        destinationBucket: this.bucket,
        sources,
        exclude,
        prune: true,
        memoryLimit: 512,
      })
      prune.node.addDependency(this.sitePublisher.pages)
    }

    if (!retainData) this.giveAutoDeleteLogsRetention()
    this.acknowledgeFindings(config)

    const siteUrl = `https://${customDomain ? customDomain.domainName : this.distribution.distributionDomainName}`
    this.siteUrl = siteUrl
    new CfnOutput(this, 'SiteUrl', { value: siteUrl })
    if (props.webhookPath) {
      new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${props.webhookPath}`, description: 'Register this endpoint in the Stripe dashboard (docs/deploying.md)' })
    }
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
      description: customDomain ? `Point a DNS CNAME (or Route 53 alias) for ${customDomain.domainName} here` : 'CloudFront host name',
    })
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId })
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName })
    if (this.sitePublisher) {
      new CfnOutput(this, 'SitePublisherLogGroupName', { value: this.sitePublisher.publisher.logGroup.logGroupName, description: 'Logs of the site publisher function' })
      new CfnOutput(this, 'SitePublisherDlqUrl', { value: this.sitePublisher.deadLetterQueue.queueUrl, description: 'Settings writes whose pages the site publisher gave up on' })
    }
  }

  /**
   * WAF web ACL for CloudFront: two rate-based rules (more than `limits.rateLimit` requests of any kind from one IP in
   * 5 minutes; more than `limits.writeRateLimit` note or payment-intent creations from one IP in 5 minutes) and the
   * AWS managed rule groups (WAF_MANAGED_RULE_GROUPS), its log kept a year with the Authorization header and cookies
   * redacted. CloudFront web ACLs exist only in us-east-1, so this stack must be deployed there when WAF is on (a
   * CloudFormation rule stops the deploy early, with that message, elsewhere); the stacks of a stage share one region,
   * so the Monitoring stack's alarms on the ACL's metrics (which CloudFront ACLs report in us-east-1) are there too.
   */
  private createWebAcl({ stage, limits, metrics, webhookPath, removalPolicy }: {
    stage: string
    limits: { rateLimit: number; writeRateLimit: number }
    metrics: WafMetricNames
    webhookPath: string | null
    removalPolicy: RemovalPolicy
  }): wafv2.CfnWebACL {
    const region = Stack.of(this).region
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(`enableWaf: CloudFront web ACLs live in us-east-1, but ${this.stackName} is set to deploy in ${region}. Deploy the stage in us-east-1 (AWS_REGION=us-east-1) or turn WAF off with -c enableWaf=false (not advised for prod).`)
    }
    new CfnRule(this, 'WafNeedsUsEast1', {
      assertions: [
        {
          assert: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
          assertDescription: 'WAF is on (the prod default, or -c enableWaf=true): a CloudFront web ACL can only be created in us-east-1. Deploy this stage with AWS_REGION=us-east-1, or deploy with -c enableWaf=false (docs/deploying.md says what that gives up).',
        },
      ],
    })
    const metric = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name })
    // The Stripe webhook is left out of the managed groups (not the rate rule): its body is a signed JSON event,
    // often over the common set's 8 KB body limit, verified by the function; a false positive there would drop a
    // payment event (Stripe sees a 403), which is exactly the silent loss the alarms exist for.
    const notWebhook = webhookPath
      ? {
          notStatement: {
            statement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'EXACTLY',
                searchString: webhookPath,
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            },
          },
        }
      : undefined
    // Per client IP, not per token: a client can mint tokens (sign in again, refresh) and send a made-up one, an
    // address it cannot change at will. API Gateway's route throttles are only the shop-wide ceiling behind this.
    const writes = deployedRouteKeys(PER_CLIENT_WRITE_ROUTES)
    const writeRule = {
      name: 'RateLimitWritesPerIp',
      priority: 1,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: WAF_TOO_MANY_REQUESTS.key } } },
      statement: {
        rateBasedStatement: {
          limit: limits.writeRateLimit,
          aggregateKeyType: 'IP',
          evaluationWindowSec: 300,
          // Only these writes count towards the limit: a POST to one of their paths, as API Gateway would route it
          // (decoded, `//` and `/./` folded, any case: no spelling of the path gets around the count).
          scopeDownStatement: {
            andStatement: {
              statements: [
                { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'POST', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                {
                  regexMatchStatement: {
                    fieldToMatch: { uriPath: {} },
                    regexString: routePathsPattern(writes),
                    textTransformations: [
                      { priority: 0, type: 'URL_DECODE' },
                      { priority: 1, type: 'NORMALIZE_PATH' },
                      { priority: 2, type: 'LOWERCASE' },
                    ],
                  },
                },
              ],
            },
          },
        },
      },
      visibilityConfig: metric(metrics.writeRateRule),
    }
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      // The name is also the ACL's metric name: CloudWatch's `WebACL` dimension carries the metric name.
      name: metrics.webAcl,
      description: `Gunsmith ${stage}: AWS managed rules, a rate limit per client IP, and one on note and payment creation, in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric(metrics.webAcl),
      customResponseBodies: {
        [WAF_TOO_MANY_REQUESTS.key]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(WAF_TOO_MANY_REQUESTS.body) },
      },
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: limits.rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: metric(`gunsmith-${stage}-rate-limit`),
        },
        ...(writes.length ? [writeRule] : []),
        ...WAF_MANAGED_RULE_GROUPS.map((group, i) => ({
          name: group.name,
          priority: i + 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group.name,
              ...(group.countOnly.length ? { ruleActionOverrides: group.countOnly.map((name) => ({ name, actionToUse: { count: {} } })) } : {}),
              ...(notWebhook ? { scopeDownStatement: notWebhook } : {}),
            },
          },
          visibilityConfig: metric(`gunsmith-${stage}-${group.name}`),
        })),
      ],
    })
    // WAF logs to CloudWatch Logs need a group named aws-waf-logs-…, in the web ACL's region (this stack's).
    const wafLogs = new logs.LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-gunsmith-${stage}`,
      retention: LOG_RETENTION,
      removalPolicy,
    })
    Validations.of(wafLogs).acknowledge({
      id: 'PCI.DSS.321-CloudWatchLogGroupEncrypted',
      reason: 'Encrypted at rest by CloudWatch Logs with its service key; WAF writes no Authorization header or cookie here (redacted), and request bodies are never logged. IAM decides who reads it; a customer-managed key would not narrow that.',
    })
    new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: acl.attrArn,
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: wafLogs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    })
    return acl
  }

  /**
   * The S3 auto-delete handler (disposable stages) is a CDK provider function
   * without a log group setting: give it one, named as Lambda would, with a
   * retention, created before the custom resource first runs it.
   */
  private giveAutoDeleteLogsRetention() {
    const provider = this.node.tryFindChild('Custom::S3AutoDeleteObjectsCustomResourceProvider')
    const handler = provider?.node.tryFindChild('Handler') as CfnResource | undefined
    const customResource = this.bucket.node.tryFindChild('AutoDeleteObjectsCustomResource')
    if (!handler || !customResource) throw new Error('S3 auto-delete provider not found: its log group below needs it')
    const logGroup = new logs.LogGroup(this, 'AutoDeleteObjectsLogs', {
      logGroupName: `/aws/lambda/${handler.ref}`,
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    customResource.node.addDependency(logGroup)
  }

  private acknowledgeFindings(config: StageConfig) {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason })

    for (const [id, reason] of [
      ['PCI.DSS.321-S3BucketLoggingEnabled', 'Object access logs would record nothing but CloudFront fetches of the public SPA build (origin access control); API requests are logged by the HTTP API access log, kept 13 months.'],
      ['PCI.DSS.321-S3BucketVersioningEnabled', 'The bucket holds only the SPA build and config.json, rebuilt from git and rewritten by every deployment, and the public pages rendered from that build with the shop\'s public name and contact details (published again by every deploy and settings save); git is the version history, and no cardholder or audit data is stored here.'],
      ['PCI.DSS.321-S3BucketReplicationEnabled', 'Nothing here needs a second copy: the SPA build is rebuilt from git and redeployed by `cdk deploy`, and the public pages are rendered again from it by the site publisher; no cardholder or audit data is stored here.'],
      ['PCI.DSS.321-S3DefaultEncryptionKMS', 'SSE-S3 encryption: the objects are the public SPA files every visitor downloads; a KMS key would add a CloudFront key-policy grant and per-request KMS cost for public content.'],
    ] as const) ack(this.bucket, id, reason)
    ack(this.bucket, 'AwsSolutions-S1',
      'The bucket holds only the public SPA build and config.json, written by the deployment; it is read only by CloudFront through origin access control, so object access logs would record nothing but CloudFront fetches. API requests are logged by the HTTP API access log.')
    ack(this.distribution, 'AwsSolutions-CFR1',
      'The spec sets no geographic restriction: customers ship firearms from wherever the shop accepts orders and sign in from where they are.')
    if (!config.waf) {
      ack(this.distribution, 'AwsSolutions-CFR2',
        config.stage === 'prod'
          ? 'WAF was turned off for prod on purpose (-c enableWaf=false, docs/deploying.md): the stage is deployed outside us-east-1, where CloudFront web ACLs cannot be created. Every /api route except health, shop and the signed Stripe webhook requires a Cognito JWT, and the API stage and routes are throttled.'
          : 'WAF is off for this disposable stage (on by default for prod; -c enableWaf=true turns it on here; fixed monthly cost): the static SPA holds no secrets, every /api route except health, shop and the signed Stripe webhook requires a Cognito JWT, and the API stage is throttled.')
    }
    ack(this.distribution, 'AwsSolutions-CFR3',
      'CloudFront standard logging needs a separate ACL-enabled log bucket and is not enabled yet; API calls, the only dynamic traffic, are logged by the HTTP API access log.')
    if (!config.customDomain) {
      ack(this.distribution, 'AwsSolutions-CFR4',
        'No custom domain for this stage, so the distribution uses the default *.cloudfront.net certificate, for which CloudFront does not let us set the minimum viewer TLS version; with -c domainName and -c certificateArn the distribution requires TLSv1.2_2021.')
    }

    // BucketDeployment's handler is a CDK-provided singleton; its role, policy and runtime come from aws-cdk-lib.
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))
    if (!handler) throw new Error('BucketDeployment handler not found: the cdk-nag acknowledgments below need it')
    for (const id of ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion']) {
      ack(handler, id, "BucketDeployment's handler runtime is set by aws-cdk-lib (not configurable) and moves forward with aws-cdk-lib upgrades.")
    }
    ack(handler, 'Serverless-LambdaDLQ', "BucketDeployment's handler is a CloudFormation custom resource invoked during the deployment, which fails visibly if it fails; there is no event to keep.")
    ack(handler, 'Serverless-LambdaTracing', "BucketDeployment's handler is CDK-provided and runs only during deployments; its configuration is set by aws-cdk-lib and its log is kept (DeploySiteLogs).")
    ack(handler, 'PCI.DSS.321-LambdaInsideVPC', "BucketDeployment's handler only copies the SPA build from the CDK assets bucket to the site bucket during a deployment; it touches no cardholder data and no private resource.")
    const handlerPolicy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')
    if (handlerPolicy) ack(handlerPolicy, 'PCI.DSS.321-IAMNoInlinePolicy', "aws-cdk-lib's own policy for BucketDeployment's handler role (read the asset, write the site bucket, invalidate), attached to that one role only.")
    const deployLogs = this.node.tryFindChild('DeploySiteLogs')
    if (deployLogs) ack(deployLogs, 'PCI.DSS.321-CloudWatchLogGroupEncrypted', 'The deployment handler log holds only file names of the public SPA build; CloudWatch Logs encrypts it at rest with its service key.')
    const autoDeleteLogs = this.node.tryFindChild('AutoDeleteObjectsLogs')
    if (autoDeleteLogs) ack(autoDeleteLogs, 'PCI.DSS.321-CloudWatchLogGroupEncrypted', 'The auto-delete handler log (disposable stages only) holds only bucket and object names of the public SPA build; CloudWatch Logs encrypts it at rest with its service key.')
    ack(handler, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "aws-cdk-lib gives BucketDeployment's handler AWSLambdaBasicExecutionRole, which allows only writing its own CloudWatch logs.")
    // The CDK bootstrap assets bucket (default qualifier) holds the zipped SPA the handler unpacks.
    const assetsObjects = 'arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*'
    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*']) {
      ack(handler, `AwsSolutions-IAM5[Action::${action}]`,
        `CDK's read grant (${action}) lets the deployment handler read the SPA asset zip from the bootstrap assets bucket and list and read the site bucket to sync it; scoped to those two buckets.`)
    }
    ack(handler, `AwsSolutions-IAM5[Resource::${assetsObjects}]`,
      'Objects of the CDK bootstrap assets bucket: the handler reads the uploaded SPA asset zip from there; the key is content-hashed and only known at deploy time.')
    for (const action of ['s3:Abort*', 's3:DeleteObject*']) {
      ack(handler, `AwsSolutions-IAM5[Action::${action}]`,
        `CDK's write grant (${action}) on the site bucket only: the deployment aborts failed multipart uploads and prunes files that are no longer in the SPA build.`)
    }
    ack(handler, `AwsSolutions-IAM5[Resource::${nagResourceText(this, this.bucket.arnForObjects('*'))}]`,
      'Every object of the site bucket: the deployment writes the whole SPA build and config.json and removes stale files.')
    ack(handler, 'AwsSolutions-IAM5[Resource::*]',
      "aws-cdk-lib grants cloudfront:CreateInvalidation and cloudfront:GetInvalidation on '*' (not configurable) so the handler can invalidate this distribution after an upload.")
  }
}
