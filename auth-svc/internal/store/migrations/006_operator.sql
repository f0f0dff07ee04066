-- An operator decides reported reviews (docs/product.md "Replies and reports"). Only the
-- command line grants it (cmd/auth-operator): no API call can, so no account can make itself one.
ALTER TABLE users ADD COLUMN operator boolean NOT NULL DEFAULT false;
