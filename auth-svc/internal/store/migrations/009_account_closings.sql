-- An account deleted by its owner is closing until booking-svc has cancelled its upcoming
-- appointments (auth_internal.proto FinishAccountClosing); only then is account_deleted
-- published. The user row is gone already: this keeps the id alone, no foreign key.
CREATE TABLE account_closings (
  user_id       text PRIMARY KEY,
  closing_since timestamptz NOT NULL
);
