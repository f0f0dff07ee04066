import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure';
import { GENERIC_ERROR } from './generic-error';

class ApiLike extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

describe('failureMessage', () => {
  const fallback = 'Could not update the request. Check your connection and try again.';
  it.each([
    ['the server refused with a message', new ApiLike(409, 'You are closed on Thursday, 3 December (Staff training)'), 'You are closed on Thursday, 3 December (Staff training)'],
    ['a server fault with its message', new ApiLike(503, 'A backend service is unavailable, please try again shortly'), 'A backend service is unavailable, please try again shortly'],
    ['a check made before sending', new Error('Choose a team member.'), 'Choose a team member.'],
    ['no answer (network)', new ApiLike(0, GENERIC_ERROR), fallback],
    ['an answer without a message', new ApiLike(500, GENERIC_ERROR), fallback],
    ['an empty message', new ApiLike(400, '  '), fallback],
    ['not an error', 'boom', fallback],
  ])('%s', (_, err, want) => {
    expect(failureMessage(err, fallback)).toBe(want);
  });
});
