import { API_BASE, apiBase } from './config';

describe('apiBase', () => {
  it('is /api of the origin the app was loaded from, whatever its port', () => {
    expect(apiBase(undefined, 'http://localhost:4000')).toBe('http://localhost:4000/api');
    expect(apiBase('', 'https://slotwise.in')).toBe('https://slotwise.in/api');
    expect(API_BASE).toBe(`${globalThis.location.origin}/api`);
  });

  it('takes an address given at build time', () => {
    expect(apiBase('http://localhost:6001/', 'http://localhost:4000')).toBe('http://localhost:6001');
  });
});
