import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import {
  assertValidKey,
  errorDetail,
  InvalidStorageKeyError,
  StorageUnavailableError,
  toBuffer,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./types.ts";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2...): their base URL. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle?: boolean;
  /** Without both, the SDK's default chain is used (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Optional prefix inside the bucket, e.g. `platen/`. */
  prefix?: string;
}

// The AWS SDK is loaded when S3 is first used, not when the server starts: importing it costs
// about 250 ms of every cold start (issue 9), and the default provider is local storage.
let sdkLoading: Promise<typeof S3Sdk> | null = null;
const loadSdk = (): Promise<typeof S3Sdk> => (sdkLoading ??= import("@aws-sdk/client-s3"));

/** The SDK's S3ServiceException and plain errors alike: a 404 status or S3's not-found names. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === "NoSuchKey" || e?.name === "NotFound";
}

/** Anything but "no such key" from S3 (network, 5xx, credentials, missing bucket) means storage is unavailable. */
function unavailable(operation: StorageUnavailableError["operation"], error: unknown): Error {
  if (error instanceof InvalidStorageKeyError || error instanceof StorageUnavailableError) return error;
  return new StorageUnavailableError("s3", operation, errorDetail(error), { cause: error });
}

/** S3 or an S3-compatible object store, through the AWS SDK v3 (SigV4-signed requests). */
export class S3Storage implements Storage {
  readonly provider = "s3" as const;
  readonly bucket: string;
  private readonly prefix: string;
  private readonly options: S3StorageOptions;
  private connecting: Promise<{ client: S3Client; sdk: typeof S3Sdk }> | null = null;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.options = options;
  }

  /** The SDK and this storage's client, made on first use. */
  private connect(): Promise<{ client: S3Client; sdk: typeof S3Sdk }> {
    this.connecting ??= loadSdk().then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    return this.connecting;
  }

  /** The SDK's client (tests create buckets with it and destroy it). */
  async s3Client(): Promise<S3Client> {
    return (await this.connect()).client;
  }

  private makeClient(sdk: typeof S3Sdk): S3Client {
    const options = this.options;
    return new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // S3-compatible servers do not all understand the newer flexible checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Buffer | Uint8Array, options: PutOptions): Promise<void> {
    const buffer = toBuffer(body);
    const objectKey = this.objectKey(key);
    try {
      const { client, sdk } = await this.connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Body: buffer,
          ContentType: options.contentType,
          ContentLength: buffer.byteLength,
        }),
      );
    } catch (error) {
      throw unavailable("put", error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const { client, sdk } = await this.connect();
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { body, contentType: out.ContentType || "application/octet-stream", size: body.byteLength };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable("get", error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      const { client, sdk } = await this.connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw unavailable("delete", error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      const { client, sdk } = await this.connect();
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailable("exists", error);
    }
  }

  /** HeadBucket: the bucket exists and these credentials may use it (needs s3:ListBucket). */
  async check(): Promise<void> {
    try {
      const { client, sdk } = await this.connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const detail =
        status === 404
          ? `the bucket ${this.bucket} does not exist`
          : status === 403
            ? `access to the bucket ${this.bucket} is denied (check the credentials; HeadBucket needs s3:ListBucket)`
            : errorDetail(error);
      throw new StorageUnavailableError("s3", "check", detail, { cause: error });
    }
  }

  /** Every key in the bucket (under the prefix), a page of up to 1000 at a time. */
  async *keys(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      let page;
      try {
        const { client, sdk } = await this.connect();
        page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token }),
        );
      } catch (error) {
        throw unavailable("list", error);
      }
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(this.prefix.length);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
