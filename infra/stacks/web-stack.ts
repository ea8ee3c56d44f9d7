import * as fs from 'node:fs'
import { Annotations, Aws, CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import type { Construct, IConstruct } from 'constructs'
import { nagResourceText } from '../constructs/nag.ts'
import { webDistDir } from '../constructs/paths.ts'

export interface WebStackProps extends StackProps {
  apiDomainName: string
  userPoolId: string
  userPoolClientId: string
  /** Stripe publishable key (context `stripePublishableKey`); null until payments are configured. */
  stripePublishableKey: string | null
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

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props)
    const { apiDomainName, userPoolId, userPoolClientId, stripePublishableKey, webDist = webDistDir } = props

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
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

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Gunsmith portal (${id})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
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

    this.acknowledgeFindings()

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` })
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName })
  }

  private acknowledgeFindings() {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason })

    ack(this.bucket, 'AwsSolutions-S1',
      'The bucket holds only the public SPA build and config.json, written by the deployment; it is read only by CloudFront through origin access control, so object access logs would record nothing but CloudFront fetches. API requests are logged by the HTTP API access log.')
    ack(this.distribution, 'AwsSolutions-CFR1',
      'The spec sets no geographic restriction: customers ship firearms from wherever the shop accepts orders and sign in from where they are.')
    ack(this.distribution, 'AwsSolutions-CFR2',
      'No WAF web ACL (fixed monthly cost): the static SPA holds no secrets, every /api route except health and the signed Stripe webhook requires a Cognito JWT, and the API stage is throttled.')
    ack(this.distribution, 'AwsSolutions-CFR3',
      'CloudFront standard logging needs a separate ACL-enabled log bucket and is not enabled yet; API calls, the only dynamic traffic, are logged by the HTTP API access log.')
    ack(this.distribution, 'AwsSolutions-CFR4',
      'The distribution has no custom domain yet, so it uses the default *.cloudfront.net certificate, for which CloudFront does not let us set the minimum viewer TLS version; a custom domain with an ACM certificate and TLSv1.2_2021 resolves this.')

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
