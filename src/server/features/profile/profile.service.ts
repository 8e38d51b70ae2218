import { eq, sql } from 'drizzle-orm';
import { MAX_IMAGE_BYTES } from '../../../domain/constants';
import { sniffImageType } from '../../../domain/images';
import {
  emptyProfileDetails,
  type Profile,
  type ProfileDetails,
  profileInputFor,
} from '../../../domain/profile';
import type { Db } from '../../db/client';
import { profile, user } from '../../db/schema';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Storage } from '../../storage/storage';
import { resolveDepartment } from '../departments/departments.service';

export const profileImageKey = (userId: string) => `profile-images/${userId}`;

function mergeDetails(stored: Partial<ProfileDetails> | undefined): ProfileDetails {
  const base = emptyProfileDetails();
  if (!stored) return base;
  return {
    ...base,
    ...stored,
    jobPreferences: {
      ...base.jobPreferences,
      ...stored.jobPreferences,
      salary: { ...base.jobPreferences.salary, ...stored.jobPreferences?.salary },
    },
    company: { ...base.company, ...stored.company },
    notificationPreferences: {
      ...base.notificationPreferences,
      ...stored.notificationPreferences,
    },
  };
}

export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  const [row] = await db
    .select({ user, details: profile.details })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, actor.id));
  if (!row) throw notFound('User document not found');
  const details = mergeDetails(row.details ?? undefined);
  // Spec section 3: the company name shown for a user is the recruiter's company.
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    image: row.user.image,
    role: actor.role,
    createdAt: row.user.createdAt.toISOString(),
    details,
  };
}

/**
 * Saves the caller's profile with the form of the caller's role. Email and
 * role are not in any form: a body carrying them is refused, never applied.
 */
/**
 * Saves the profile form of the caller's role. A field the body leaves out keeps what is
 * stored (issue 24: a client that sends only what changed does not get a 400 or wipe the
 * rest); a field sent is checked and replaces it.
 */
export async function updateProfile(db: Db, actor: Actor, body: unknown): Promise<Profile> {
  const schema = profileInputFor[actor.role];
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ details: profile.details })
      .from(profile)
      .where(eq(profile.userId, actor.id));
    const stored = mergeDetails(existing?.details);
    let input = body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const [current] = await tx
        .select({ name: user.name })
        .from(user)
        .where(eq(user.id, actor.id));
      const kept: Record<string, unknown> = { name: current?.name };
      for (const key of Object.keys(schema.shape)) {
        if (key !== 'name' && key in stored) kept[key] = stored[key as keyof ProfileDetails];
      }
      input = { ...kept, ...body };
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const { name, ...fields } = parsed.data;
    const details = { ...stored, ...fields };
    if (actor.role === 'admin' && 'department' in fields && fields.department) {
      // Departments feature: an admin's department is one of the list (stored by its name,
      // renamed with it). An archived one stays if it is already theirs.
      const current = existing?.details?.department;
      const dept = await resolveDepartment(
        tx,
        fields.department,
        undefined,
        'department',
        true,
        current,
      );
      details.department = dept.name;
    }
    await tx.update(user).set({ name }).where(eq(user.id, actor.id));
    await tx
      .insert(profile)
      .values({ userId: actor.id, details })
      .onConflictDoUpdate({ target: profile.userId, set: { details } });
  });
  return getProfile(db, actor);
}

/** A new profile photo: a real image (checked from its bytes), at most 5 MB. */
export async function setProfileImage(
  db: Db,
  storage: Storage,
  actor: Actor,
  bytes: Uint8Array,
): Promise<Profile> {
  if (bytes.byteLength === 0) throw new AppError(400, 'Choose an image file to upload');
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError(413, 'The image is larger than 5 MB');
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw new AppError(415, 'Only PNG, JPEG, WebP or GIF images can be uploaded');
  }
  await storage.put(profileImageKey(actor.id), { bytes, contentType });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profile)
      .values({ userId: actor.id, details: emptyProfileDetails(), imageVersion: 1 })
      .onConflictDoUpdate({
        target: profile.userId,
        set: { imageVersion: sql`${profile.imageVersion} + 1` },
      })
      .returning({ version: profile.imageVersion });
    const image = `/api/files/${profileImageKey(actor.id)}?v=${row!.version}`;
    await tx.update(user).set({ image }).where(eq(user.id, actor.id));
  });
  return getProfile(db, actor);
}
