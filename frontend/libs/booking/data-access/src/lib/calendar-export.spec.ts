import { webcalAddress } from './calendar-export';

describe('webcal address', () => {
  it('puts webcal:// and the API host before the feed path', () => {
    expect(webcalAddress('/calendar/abc.ics', 'http://localhost:5001', 'http://localhost:3000')).toBe('webcal://localhost:5001/calendar/abc.ics');
    expect(webcalAddress('/calendar/abc.ics', 'https://api.example.com', 'https://app.example.com')).toBe('webcal://api.example.com/calendar/abc.ics');
    // The API on the page's own origin: the feed is under its /api, where the gateway answers.
    expect(webcalAddress('/calendar/abc.ics', '/api', 'https://app.example.com')).toBe('webcal://app.example.com/api/calendar/abc.ics');
    expect(webcalAddress('/calendar/abc.ics', 'http://localhost:4000/api', 'http://localhost:4000')).toBe('webcal://localhost:4000/api/calendar/abc.ics');
  });
});
