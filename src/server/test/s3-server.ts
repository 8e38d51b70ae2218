import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment a server needs to use it (STORAGE_URL under the given prefix). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server for tests and benches (s3rver, files in a
 * temporary folder), on a random loopback port, with one bucket.
 */
export async function startLocalS3(bucket = 'talentforge-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'talentforge-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'files') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed test credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
