import { routePrefetches } from './prefetch-routes';

const API = 'http://localhost:3000/api';

describe('what the first script starts for a route', () => {
  it('a category page: its listing, by the query name the page asks for', () => {
    expect(routePrefetches('/categories/healthcare', '', API)).toEqual([`${API}/services?category=Healthcare%20%26%20Wellness`]);
    expect(routePrefetches('/categories/nope', '', API)).toEqual([]);
  });

  it('the booking page: the service and its availability', () => {
    expect(routePrefetches('/book', '?service=Cut&serviceId=s1', API)).toEqual([`${API}/services/s1`, `${API}/services/s1/availability`]);
    expect(routePrefetches('/book', '', API)).toEqual([]);
  });

  it('other routes: nothing', () => {
    expect(routePrefetches('/my-appointments', '', API)).toEqual([]);
  });
});
