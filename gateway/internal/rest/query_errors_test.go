package rest

import "testing"

// A query parameter grpc-gateway cannot parse is named, with what it must
// be, in words a person can act on; other messages are left alone.
func TestQueryParamMessage(t *testing.T) {
	cases := map[string]string{
		`parsing field "days": strconv.ParseInt: parsing "abc": invalid syntax`:             "days must be a whole number",
		`parsing field "limit": strconv.ParseUint: parsing "-1": invalid syntax`:            "limit must be a whole number",
		`parsing field "days": strconv.ParseInt: parsing "99999999999": value out of range`: "days is out of range",
		`parsing field "maxPrice": strconv.ParseFloat: parsing "cheap": invalid syntax`:     "maxPrice must be a number",
		`parsing field "active": strconv.ParseBool: parsing "maybe": invalid syntax`:        "active must be true or false",
		`parsing field "when": "x" is not a valid value`:                                    "when is not valid",
		`too many values for field "days": 7, 30`:                                           "days may be given only once",
	}
	for in, want := range cases {
		got, ok := queryParamMessage(in)
		if !ok || got != want {
			t.Errorf("%q: got %q (%v), want %q", in, got, ok, want)
		}
	}
	if got, ok := queryParamMessage("days must be 7, 30 or 90"); ok {
		t.Errorf("a service's own message was rewritten to %q", got)
	}
}
