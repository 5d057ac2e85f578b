-- Earlier releases kept up to 200 characters of a provider host's reply as the provider's last
-- error, shown to the organization. A tenant could aim that host anywhere, so such text may hold
-- what a private address answered. Forget it: the next check or send records a failure again,
-- in Mailroom's own words.
UPDATE "providers" SET "last_error" = NULL WHERE "last_error" IS NOT NULL;
