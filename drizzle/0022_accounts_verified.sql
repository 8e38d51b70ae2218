-- E-mail verification at sign-up (docs/decisions/018): accounts made before it could sign in
-- without a verified address and keep doing so; from now on only sign-up makes unverified ones.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
