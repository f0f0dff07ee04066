import { webcalAddress } from './calendar-export';

describe('webcal address', () => {
  it('puts webcal:// and the API host before the feed path', () => {
    expect(webcalAddress('/calendar/abc.ics', 'http://localhost:5001', 'http://localhost:3000')).toBe('webcal://localhost:5001/calendar/abc.ics');
    expect(webcalAddress('/calendar/abc.ics', 'https://api.example.com', 'https://app.example.com')).toBe('webcal://api.example.com/calendar/abc.ics');
    // A relative API base is the page's own host.
    expect(webcalAddress('/calendar/abc.ics', '/api', 'https://app.example.com')).toBe('webcal://app.example.com/calendar/abc.ics');
  });
});
