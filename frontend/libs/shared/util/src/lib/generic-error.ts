// A module of its own: the API client (in the first script) needs only this text, and
// failureMessage (failure.ts) stays in the screens' lazy chunks (docs/operations.md, the 110 kB
// initial-JS budget).

/** The API client's text when no answer came or the answer carried no message. */
export const GENERIC_ERROR = 'Something went wrong';
