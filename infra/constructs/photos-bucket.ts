import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import { FunctionEnv } from './function-env.ts'
import type { StageConfig } from './stage-config.ts'
import type { AppFunction } from './app-function.ts'

/** The key pattern of condition photos (functions/domain/photos.ts photoKey): the grants name nothing else. */
export const PHOTO_KEY_PATTERN = 'orders/*/photos/*'

/** How long a replaced or deleted photo's old version is kept (the evidence outlives any dispute): ten years. */
export const PHOTO_NONCURRENT_DAYS = 3650

/**
 * The condition photos' bucket (docs/deploying.md, "Condition photos"): private (every public access blocked, no
 * ACLs), encrypted (SSE-S3), TLS only, versioned, retained in every stage (evidence: a stack delete leaves it). The
 * browser uploads with a presigned POST and views with presigned GETs; CORS lets only the site's origin do so.
 * Lifecycle: current objects never expire; noncurrent versions (an object overwritten or deleted by hand) are kept
 * PHOTO_NONCURRENT_DAYS; unfinished multipart uploads are cleaned after 7 days.
 */
export class PhotosBucket extends Construct {
  readonly bucket: s3.Bucket
  private readonly arnExport: string
  private readonly nameExport: string

  constructor(scope: Construct, id: string, { config }: { config: StageConfig }) {
    super(scope, id)
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      cors: [
        {
          allowedOrigins: photoOrigins(config),
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.PUT],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'keep-noncurrent-versions', noncurrentVersionExpiration: Duration.days(PHOTO_NONCURRENT_DAYS) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
    })
    // Named exports, read by the Api stack with Fn.importValue: a grant's resource then has a name known when the
    // stack is built, so its cdk-nag acknowledgment can name exactly that resource.
    const exportPrefix = `${Stack.of(this).stackName}:Photos`
    this.arnExport = `${exportPrefix}BucketArn`
    this.nameExport = `${exportPrefix}BucketName`
    new CfnOutput(this, 'BucketArnExport', { value: this.bucket.bucketArn, exportName: this.arnExport })
    new CfnOutput(this, 'BucketNameExport', { value: this.bucket.bucketName, exportName: this.nameExport })
    const ack = (id: string, reason: string) => Validations.of(this.bucket).acknowledge({ id, reason })
    ack('AwsSolutions-S1', 'Photo uploads and views are each preceded by an API request that is in the HTTP API access log and, for uploads, the staff audit log (who added which photo to which order); server access logs would need a log bucket of their own and add nothing about who.')
    ack('PCI.DSS.321-S3BucketLoggingEnabled', 'Every upload is recorded by the API (audit log, HTTP API access log) before its link exists; no cardholder data is stored here.')
    ack('PCI.DSS.321-S3BucketReplicationEnabled', 'Versioned and retained; a second region is not required for condition photos (no cardholder data); docs/deploying.md says how to add replication.')
    ack('PCI.DSS.321-S3DefaultEncryptionKMS', 'SSE-S3 encryption: reads go only through presigned links the API signs; a customer-managed KMS key would add a key policy and per-request KMS cost without narrowing who can read.')
  }

  /** api-admin: presigns uploads (s3:PutObject) and views (s3:GetObject), on photo keys only; the bucket's name in its environment. */
  grantAdmin(fn: AppFunction) {
    this.grant(fn, ['s3:PutObject', 's3:GetObject'])
  }

  /** api-customer: presigns views only (s3:GetObject on photo keys). */
  grantCustomer(fn: AppFunction) {
    this.grant(fn, ['s3:GetObject'])
  }

  private grant(fn: AppFunction, actions: string[]) {
    fn.fn.addEnvironment(FunctionEnv.photosBucket, Fn.importValue(this.nameExport))
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [`${Fn.importValue(this.arnExport)}/${PHOTO_KEY_PATTERN}`] }))
    const policy = fn.role.node.findChild('DefaultPolicy')
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${this.arnExport}/${PHOTO_KEY_PATTERN}]`,
      reason: 'Condition photos of every order (orders/<orderId>/photos/<photoId>): the function presigns per request for the order in its path, which it checks first; no other key of the bucket, no list or delete.',
    })
  }
}

/**
 * The site's origin, allowed to POST photos: the custom domain's, or (without one) CloudFront's default host names,
 * which the bucket cannot know before the distribution exists (the Web stack is built after the Data stack). CORS only
 * tells a browser it may send; an upload still needs a presigned policy only the API gives out.
 */
export const photoOrigins = (config: Pick<StageConfig, 'customDomain'>) => (config.customDomain ? [`https://${config.customDomain.domainName}`] : ['https://*.cloudfront.net'])

/** The bucket's origin as the SDK's presigned URLs name it (virtual-hosted, regional): what the CSP allows. */
export const photosOrigin = (bucketName: string) => `https://${bucketName}.s3.${Aws.REGION}.amazonaws.com`
