import { randomBytes, randomUUID } from 'node:crypto';

export const newId = () => randomUUID();

/** Spec ids are "based on a timestamp" (assessment_{timestamp}); a random tail keeps them unique. */
export const timestampId = (prefix: string) =>
  `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
