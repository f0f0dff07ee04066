import { returnPath, returnState } from './return-to';

describe('sign-in return', () => {
  it('returns to the page and query the user was sent from', () => {
    const state = returnState({ pathname: '/book', search: '?service=Cut&serviceId=s1&date=2026-12-01&time=09%3A00' });
    expect(returnPath(state)).toBe('/book?service=Cut&serviceId=s1&date=2026-12-01&time=09%3A00');
  });

  it('goes home when there is nowhere safe to return to', () => {
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: '/\\evil.example' })).toBe('/');
    expect(returnPath({ from: '/login?x=1' })).toBe('/');
    expect(returnState({ pathname: '/register' })).toBeUndefined();
  });
});
