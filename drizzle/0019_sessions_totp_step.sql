-- The 30-second step of the last authenticator code accepted per user: a code is taken once
-- (features/security/two-factor.ts).
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" bigint;