CREATE TABLE users (
  id            uuid PRIMARY KEY,
  email         text NOT NULL,
  password_hash text NOT NULL,
  full_name     text NOT NULL,
  phone_number  text NOT NULL,
  address       text NOT NULL,
  date_of_birth date,
  gender        text NOT NULL,
  role          text NOT NULL CHECK (role IN ('customer', 'provider')),
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
-- Emails are stored normalised (trimmed, lower case); the index on lower()
-- keeps uniqueness case-insensitive even for rows written by hand.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE provider_info (
  user_id              uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  business_name        text NOT NULL,
  business_description text NOT NULL DEFAULT '',
  business_category    text NOT NULL DEFAULT '',
  business_hours       text NOT NULL DEFAULT '',
  location             text NOT NULL,
  specializations      text[] NOT NULL DEFAULT '{}',
  experience           double precision NOT NULL DEFAULT 0 CHECK (experience >= 0)
);
