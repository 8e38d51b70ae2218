import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, readAll, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  /** Keys are stored under this prefix (no leading or trailing slash), '' for none. */
  prefix: string;
  /** An S3-compatible endpoint (MinIO, Ceph, a test server); AWS itself without one. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Without them the SDK's usual chain is used (AWS_ACCESS_KEY_ID …, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** 5 MB parts: S3's smallest part size; a stream is never held whole in memory. */
export const PART_BYTES = 5 * 1024 * 1024;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** The S3-compatible driver (STORAGE_URL=s3://bucket/prefix). */
export function s3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores do not
    // accept the SDK's newer default (CRC32 trailers on aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix}/` : '';
  const Key = (key: string) => `${prefix}${assertSafeKey(key)}`;

  return {
    kind: 's3',
    location: `s3://${Bucket}/${options.prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    async put(key, file) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: file.bytes,
          ContentType: file.contentType,
          ContentLength: file.bytes.length,
        }),
      );
    },
    async putStream(key, body, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      return { bytes: await readAll(opened.stream), contentType: opened.contentType };
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return {
          stream: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const existed = await client
        .send(new HeadObjectCommand({ Bucket, Key: Key(key) }))
        .then(() => true)
        .catch((error) => {
          if (missing(error)) return false;
          throw error;
        });
      if (existed) await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
      return existed;
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}
