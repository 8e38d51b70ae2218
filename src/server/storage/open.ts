import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env';
import { s3Storage } from './s3';
import { diskStorage, type Storage } from './storage';

type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'STORAGE_URL'
  | 'AWS_ENDPOINT_URL'
  | 'AWS_REGION'
  | 'AWS_S3_FORCE_PATH_STYLE'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
>;

/** The local folder used without STORAGE_URL (and by storage:migrate as its source). */
export const localFilesFolder = (env: Pick<Env, 'DATA_DIR'>) => path.join(env.DATA_DIR, 'files');

/**
 * The storage STORAGE_URL names (or `url`): s3://bucket/prefix, file:///folder,
 * or DATA_DIR/files when there is none (null).
 */
export function openStorage(
  env: StorageEnv,
  url: string | null = env.STORAGE_URL ?? null,
): Storage {
  if (!url) return diskStorage(localFilesFolder(env));
  const parsed = new URL(url);
  if (parsed.protocol === 'file:') return diskStorage(fileURLToPath(parsed));
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
      : undefined;
  return s3Storage({
    bucket: parsed.hostname,
    prefix: decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint: env.AWS_ENDPOINT_URL,
    region: env.AWS_REGION,
    forcePathStyle: env.AWS_S3_FORCE_PATH_STYLE,
    credentials,
  });
}
