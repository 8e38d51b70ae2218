import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { MAX_IMAGE_BYTES } from '../../../domain/constants';
import { profileSchema } from '../../../domain/profile';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createRouter, idSchema, jsonContent, requireActor } from '../../lib/http';
import type { Storage } from '../../storage/storage';
import { getProfile, profileImageKey, setProfileImage, updateProfile } from './profile.service';

const errors = {
  400: jsonContent(errorSchema, 'Invalid input'),
  401: jsonContent(errorSchema, 'Not signed in'),
};

const getProfileRoute = createRoute({
  method: 'get',
  path: '/api/profile',
  tags: ['Profile'],
  summary: "The signed-in user's profile",
  responses: { 200: jsonContent(profileSchema, 'The profile'), ...errors },
});

const updateProfileRoute = createRoute({
  method: 'put',
  path: '/api/profile',
  tags: ['Profile'],
  summary: "Save the signed-in user's profile (the form of their role)",
  description:
    "The body is the form of the caller's role (candidate, recruiter or admin profile input); " +
    "it is validated against that form, so another role's fields, email or role are refused.",
  request: {
    body: {
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      required: true,
    },
  },
  responses: { 200: jsonContent(profileSchema, 'The saved profile'), ...errors },
});

const uploadImageRoute = createRoute({
  method: 'post',
  path: '/api/profile/image',
  tags: ['Profile'],
  summary: 'Upload a new profile photo (PNG, JPEG, WebP or GIF, at most 5 MB)',
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ image: z.any() }) } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(profileSchema, 'The profile with its new photo'),
    ...errors,
    413: jsonContent(errorSchema, 'Image too large'),
    415: jsonContent(errorSchema, 'Not an image'),
  },
});

const imageRoute = createRoute({
  method: 'get',
  path: '/api/files/profile-images/{userId}',
  tags: ['Profile'],
  summary: "A user's profile photo",
  request: { params: z.object({ userId: idSchema }) },
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.any() } } },
    ...errors,
    404: jsonContent(errorSchema, 'No photo'),
  },
});

export function profileRoutes({
  db,
  storage,
  onUserChanged,
}: {
  db: Db;
  storage: Storage;
  /** The user's name changed: sessions read before say the old one (see SessionCache). */
  onUserChanged: () => void;
}) {
  return createRouter()
    .openapi(getProfileRoute, async (c) => c.json(await getProfile(db, requireActor(c)), 200))
    .openapi(updateProfileRoute, async (c) => {
      const actor = requireActor(c);
      // Re-parsed with the caller's own role inside the service.
      const saved = await updateProfile(db, actor, c.req.valid('json'));
      if (saved.name !== actor.name) onUserChanged();
      return c.json(saved, 200);
    })
    .openapi(uploadImageRoute, async (c) => {
      const actor = requireActor(c);
      const form = await c.req.parseBody();
      const file = form.image;
      if (!(file instanceof File)) throw new AppError(400, 'Choose an image file to upload');
      if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, 'The image is larger than 5 MB');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await setProfileImage(db, storage, actor, bytes), 200);
    })
    .openapi(imageRoute, async (c) => {
      // Photos show in the navigation of anyone signed in (messaging lists them too).
      requireActor(c);
      const stored = await storage.open(profileImageKey(c.req.valid('param').userId));
      if (!stored) throw notFound('No profile photo');
      return c.body(Readable.toWeb(stored.stream) as ReadableStream, 200, {
        'Content-Type': stored.contentType,
        'Content-Length': String(stored.size),
        'Cache-Control': 'private, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
