package bench

import (
	"bytes"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// badValue is one malformed value of a class: what it is, as JSON (written
// verbatim, so it may be invalid on purpose) and as it goes into a URL.
type badValue struct {
	class string
	json  rawJSON
	url   string
}

// Classes of bad values every field gets.
const (
	classOverLong = "over-long"
	classType     = "wrong-type"
	classControl  = "control-character"
	classUTF8     = "invalid-utf8"
)

// badValueSet is every bad value, by class. Over-long strings straddle the
// limits the domains set (100, 254, 300, 1000, 2000 characters) and go far
// past them; control characters include NUL, escapes, C1 and bidi controls;
// invalid UTF-8 is raw bytes (which JSON parsers must refuse) and escaped
// lone surrogates.
var badValueSet = func() []badValue {
	var out []badValue
	str := func(class, s string) {
		raw, _ := jsonMarshal(s)
		out = append(out, badValue{class: class, json: rawJSON(raw), url: url.QueryEscape(s)})
	}
	for _, n := range []int{101, 255, 301, 1001, 2001, 5000, 100_000, 900_000} {
		str(classOverLong, strings.Repeat("x", n))
	}
	str(classOverLong, strings.Repeat("é", 301))         // characters, not bytes
	str(classOverLong, strings.Repeat("a", 250)+"@b.co") // an email one over 254
	str(classOverLong, strings.Repeat("9", 400))         // digits: a phone, a number as text
	for _, v := range []string{`12345`, `-1`, `0`, `1.5`, `1e308`, `-1e308`, `99999999999999999999`, `true`, `false`, `null`,
		`{}`, `[]`, `[1,2,3]`, `{"a":{"b":{"c":[]}}}`, `"12"`, `[""]`, `["09:00",5,null]`} {
		out = append(out, badValue{class: classType, json: rawJSON(v), url: url.QueryEscape(v)})
	}
	for _, s := range []string{"\x00", "a\x00b", "\x01", "\x07", "\b", "\v\f", "\x1b[2J\x1b[31mred", "\x7f", "\u0085",
		"\u2028", "\u202e", "\ufeff", "line\r\nBcc: x@y.z", "\t", "09:00\x00", "a@b.co\n"} {
		str(classControl, s)
	}
	for _, b := range []string{"\xff", "\xfe\xff", "caf\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf8\x88\x80\x80\x80", "09:0\xff", "a@\xff.co"} {
		out = append(out, badValue{class: classUTF8, json: rawJSON(`"` + b + `"`), url: url.QueryEscape(b)})
	}
	for _, e := range []string{`"\ud800"`, `"\udfff x"`} {
		out = append(out, badValue{class: classUTF8, json: rawJSON(e), url: url.QueryEscape(e)})
	}
	return out
}()

// leaves lists the path of every value of body, nested objects and list
// elements included ("businessInfo.location", "timeSlots.0").
func leaves(v any, prefix string) []string {
	var out []string
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, leaves(t[k], join(prefix, k))...)
		}
	case []string:
		for i := range t {
			out = append(out, join(prefix, strconv.Itoa(i)))
		}
		out = append(out, prefix) // the list itself
	default:
		out = append(out, prefix)
	}
	return out
}

func join(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// withValue returns a deep copy of body with the value at path replaced.
func withValue(body map[string]any, path string, val any) map[string]any {
	key, rest, nested := strings.Cut(path, ".")
	out := clone(body)
	if !nested {
		out[key] = val
		return out
	}
	switch t := body[key].(type) {
	case map[string]any:
		out[key] = withValue(t, rest, val)
	case []string:
		i, _ := strconv.Atoi(rest)
		list := make([]any, len(t))
		for j, s := range t {
			list[j] = s
		}
		list[i] = val
		out[key] = list
	}
	return out
}

// encodeJSON writes v as JSON, keeping rawJSON values verbatim.
func encodeJSON(v any) []byte {
	var b bytes.Buffer
	switch t := v.(type) {
	case rawJSON:
		b.WriteString(string(t))
	case map[string]any:
		b.WriteByte('{')
		for i, k := range fieldNames(t) {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:", k)
			b.Write(encodeJSON(t[k]))
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(encodeJSON(e))
		}
		b.WriteByte(']')
	default:
		raw, _ := jsonMarshal(v)
		b.Write(raw)
	}
	return b.Bytes()
}

// everyFieldEveryValue is the systematic part of the drill: every field of
// every body, every query parameter and every path id, with every bad
// value, sent with a token that may use the endpoint.
func everyFieldEveryValue(eps []endpoint, auth func(endpoint) string, fill func(path, id string) string) []badRequest {
	var out []badRequest
	for _, ep := range eps {
		base := badRequest{method: ep.method, path: fill(ep.path, ""), auth: auth(ep), contentType: "application/json"}
		if ep.body != nil {
			for _, field := range leaves(ep.body, "") {
				for _, v := range badValueSet {
					r := base
					r.kind, r.field, r.body = v.class, ep.path+" "+field, encodeJSON(withValue(ep.body, field, v.json))
					out = append(out, r)
				}
			}
		}
		for _, q := range ep.query {
			for _, v := range badValueSet {
				r := base
				r.kind, r.field, r.path = v.class, ep.path+" ?"+q, base.path+"?"+q+"="+v.url
				if ep.body != nil {
					r.body = encodeJSON(ep.body)
				}
				out = append(out, r)
			}
		}
		if strings.Contains(ep.path, "{") {
			for _, v := range badValueSet {
				if len(v.url) > 8000 {
					continue // past any server's request-line limit: not a path a client can send
				}
				r := base
				r.kind, r.field, r.path = v.class, ep.path+" id", fill(ep.path, v.url)
				if ep.body != nil {
					r.body = encodeJSON(ep.body)
				}
				out = append(out, r)
			}
		}
	}
	return out
}
