import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertValidKey, toBuffer, type PutOptions, type Storage, type StoredObject } from "./types.ts";

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

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata?.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound";
  }
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === "NoSuchKey" || e?.name === "NotFound";
}

/** S3 or an S3-compatible object store, through the AWS SDK v3 (SigV4-signed requests). */
export class S3Storage implements Storage {
  readonly provider = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client = new S3Client({
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
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: buffer,
        ContentType: options.contentType,
        ContentLength: buffer.byteLength,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { body, contentType: out.ContentType || "application/octet-stream", size: body.byteLength };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}
