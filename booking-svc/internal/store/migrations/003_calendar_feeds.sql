-- calendar_feeds: each user's secret calendar address (docs/product.md#calendar-export).
-- The token is the address: replacing the row makes the old one stop at once.
CREATE TABLE calendar_feeds (
  user_id    text PRIMARY KEY, -- auth's user id
  role       text NOT NULL CHECK (role IN ('customer', 'provider')),
  token      text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
