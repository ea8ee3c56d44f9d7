import * as fs from 'node:fs'
import { Annotations, Aws, CfnOutput, CfnResource, CfnRule, Duration, Fn, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as wafv2 from 'aws-cdk-lib/aws-wafv2'
import type { Construct, IConstruct } from 'constructs'
import { nagResourceText } from '../constructs/nag.ts'
import { webDistDir } from '../constructs/paths.ts'
import type { StageConfig } from '../constructs/stage-config.ts'

export interface WebStackProps extends StackProps {
  /** Stage, removal policy, custom domain, WAF and the Stripe publishable key (context `stripePublishableKey`; null until payments are configured). */
  config: StageConfig
  apiDomainName: string
  userPoolId: string
  userPoolClientId: string
  /** Path of the Stripe webhook route (null while not deployed): its full URL is an output for registering it in Stripe. */
  webhookPath?: string | null
  /** Where the built SPA is; defaults to web/dist. */
  webDist?: string
}

/** Client routes (no dot in the last path segment) get index.html; files are served as they are. */
const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`

const PLACEHOLDER_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gunsmith portal</title></head>
<body><p>The web app was not built when this stack was synthesized. Run <code>npm run build:web</code> and deploy again.</p></body></html>`

export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://api.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "img-src 'self' data: https://*.stripe.com",
    "style-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export class WebStack extends Stack {
  readonly bucket: s3.Bucket
  readonly distribution: cloudfront.Distribution
  readonly webAcl?: wafv2.CfnWebACL
  /** https://<custom domain or CloudFront host>: the portal's address (the notifier's links). */
  readonly siteUrl: string

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props)
    const { config, apiDomainName, userPoolId, userPoolClientId, webDist = webDistDir } = props
    const { stripePublishableKey, customDomain, removalPolicy, retainData } = config

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only the SPA build lives here (it is redeployed from git); a disposable stage empties and deletes it.
      removalPolicy,
      autoDeleteObjects: !retainData,
    })

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Rewrites client routes to /index.html (S3 behaviour only, so API errors stay API errors)',
    })

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the SPA and the API',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Aws.REGION), override: true },
      },
    })

    if (config.waf) this.webAcl = this.createWebAcl(config.stage, config.waf.rateLimit)

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Gunsmith portal (${id})`,
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
    new s3deploy.BucketDeployment(this, 'DeploySite', {
      logGroup: new logs.LogGroup(this, 'DeploySiteLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      destinationBucket: this.bucket,
      sources: [
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
      ],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    })

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
  }

  /**
   * WAF web ACL for CloudFront, with one rate-based rule: more than `rateLimit`
   * requests from one IP in 5 minutes are blocked. CloudFront web ACLs exist only
   * in us-east-1, so this stack must be deployed there when WAF is on (a
   * CloudFormation rule stops the deploy early, with that message, elsewhere).
   */
  private createWebAcl(stage: string, rateLimit: number): wafv2.CfnWebACL {
    const region = Stack.of(this).region
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(`enableWaf: CloudFront web ACLs live in us-east-1, but ${this.stackName} is set to deploy in ${region}. Deploy the stage in us-east-1 (AWS_REGION=us-east-1) or leave WAF off.`)
    }
    new CfnRule(this, 'WafNeedsUsEast1', {
      assertions: [
        {
          assert: Fn.conditionEquals(Aws.REGION, 'us-east-1'),
          assertDescription: 'enableWaf=true: a CloudFront web ACL can only be created in us-east-1. Deploy this stage with AWS_REGION=us-east-1, or deploy without -c enableWaf=true.',
        },
      ],
    })
    const metric = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name })
    return new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `gunsmith-${stage}-web`,
      description: `Gunsmith ${stage}: rate limit per client IP in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric(`gunsmith-${stage}-web`),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: metric(`gunsmith-${stage}-rate-limit`),
        },
      ],
    })
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
      retention: logs.RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    customResource.node.addDependency(logGroup)
  }

  private acknowledgeFindings(config: StageConfig) {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason })

    ack(this.bucket, 'AwsSolutions-S1',
      'The bucket holds only the public SPA build and config.json, written by the deployment; it is read only by CloudFront through origin access control, so object access logs would record nothing but CloudFront fetches. API requests are logged by the HTTP API access log.')
    ack(this.distribution, 'AwsSolutions-CFR1',
      'The spec sets no geographic restriction: customers ship firearms from wherever the shop accepts orders and sign in from where they are.')
    if (!config.waf) {
      ack(this.distribution, 'AwsSolutions-CFR2',
        'WAF is off for this stage (-c enableWaf=true turns it on; fixed monthly cost): the static SPA holds no secrets, every /api route except health and the signed Stripe webhook requires a Cognito JWT, and the API stage is throttled.')
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
    ack(handler, 'AwsSolutions-L1',
      "BucketDeployment's handler runtime is set by aws-cdk-lib (not configurable) and moves forward with aws-cdk-lib upgrades.")
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
