-- The step of the last authenticator code accepted for a member, so the same code (or an older
-- one still inside the verification window) is refused the second time (RFC 6238 §5.2).
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint;
