package bench

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

// endpoint is one route of the REST API with a valid request template.
type endpoint struct {
	method, path string         // path with {id}, {email} placeholders
	body         map[string]any // a valid body (nil: none)
	query        []string       // query parameter names it reads
}

func endpoints(svcID, apptID string) []endpoint {
	return []endpoint{
		{method: "POST", path: "/auth/register", body: Registration("customer", "someone@example.com")},
		{method: "POST", path: "/auth/login-with-role", body: map[string]any{"email": "someone@example.com", "password": "secret123", "role": "customer"}},
		{method: "GET", path: "/auth/user-role/{email}"},
		{method: "GET", path: "/auth/profile"},
		{method: "PUT", path: "/auth/profile", body: map[string]any{"fullName": "Asha Rao", "phoneNumber": "9876543210", "address": "12 MG Road", "gender": "female"}},
		{method: "GET", path: "/.well-known/jwks.json"},
		{method: "GET", path: "/services", query: []string{"category", "name", "limit", "offset"}},
		{method: "POST", path: "/services", body: ServiceBody("Bad input", []string{"09:00"})},
		{method: "GET", path: "/services/provider"},
		{method: "GET", path: "/services/{svc}"},
		{method: "PATCH", path: "/services/{svc}", body: ServiceBody("Bad input", []string{"09:00"})},
		{method: "DELETE", path: "/services/{svc}"},
		{method: "GET", path: "/services/{svc}/availability", query: []string{"from", "days"}},
		{method: "POST", path: "/appointments", body: BookingBody(svcID, Day(2), "09:00")},
		{method: "GET", path: "/appointments"},
		{method: "GET", path: "/appointments/provider"},
		{method: "GET", path: "/appointments/{appt}"},
		{method: "PATCH", path: "/appointments/{appt}/provider-status", body: map[string]any{"status": "confirmed"}},
		{method: "PATCH", path: "/appointments/{appt}/status", body: map[string]any{"status": "cancelled"}},
		{method: "PUT", path: "/appointments/{appt}/reschedule", body: map[string]any{"date": Day(3), "time": "10:00"}},
		{method: "POST", path: "/reviews", body: map[string]any{"appointmentId": apptID, "rating": 5, "comment": "Very good"}},
		{method: "GET", path: "/reviews/service/{svc}"},
		{method: "GET", path: "/reviews/provider"},
	}
}

// rawJSON is a JSON value written as is (it may be invalid on purpose).
type rawJSON string

// encode writes body as JSON, keeping rawJSON values verbatim.
func encode(body map[string]any) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:", k)
		switch v := body[k].(type) {
		case rawJSON:
			b.WriteString(string(v))
		case map[string]any:
			b.Write(encode(v))
		default:
			raw, _ := jsonMarshal(v)
			b.Write(raw)
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

// badValues replace one field's value: wrong types, huge or broken strings.
var badValues = []rawJSON{
	`12345`, `-1`, `0`, `1.5`, `1e308`, `-1e308`, `true`, `false`, `null`, `{}`, `[]`, `[1,2,3]`, `{"a":{"b":{"c":[]}}}`,
	`""`, `"   "`, `"\u0000"`, `"\ud800"`, "\"\xff\xfe\xfd\"", "\"caf\xc3\"", `"<script>alert(1)</script>"`, `"' OR 1=1 --"`,
	`"` + rawJSON(strings.Repeat("9", 400)) + `"`, rawJSON(strings.Repeat("9", 400)), `"2026-02-30"`, `"25:61"`, `"-5"`,
	`["09:00", 5, null]`, `[""]`, `["99:99"]`,
}

func hugeString(n int) rawJSON { return rawJSON(`"` + strings.Repeat("x", n) + `"`) }

// badBodies replace the whole body.
var badBodies = [][]byte{
	nil, []byte(``), []byte(`{`), []byte(`}`), []byte(`[]`), []byte(`null`), []byte(`"text"`), []byte(`123`), []byte(`{"a":`),
	[]byte(`{"a":1,}`), []byte(`{'a':1}`), []byte(`{}xyz`), []byte("\xef\xbb\xbf{}"), []byte("\xff\xfe\xfd"), []byte(`{"a":1}{"b":2}`),
	[]byte(strings.Repeat("[", 100000)), []byte(`{"a":` + strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat(`}`, 5001)),
	[]byte(`{"` + strings.Repeat("k", 70000) + `":1}`), bytes.Repeat([]byte("A"), 2<<20), []byte("\x00\x00\x00"),
}

// badIDs go where a path takes an id.
var badIDs = []string{"nope", "0", "-1", "%ff%fe", "%00", "..%2F..%2Fetc%2Fpasswd", "%27%20OR%201%3D1%20--", url.PathEscape("ünïcödé"),
	strings.Repeat("a", 5000), "00000000-0000-0000-0000-000000000000", strings.ToUpper(uuid.NewString()), uuid.NewString() + "x", "%20", "null"}

var badQueryValues = []string{"-1", "abc", "99999999999999999999", "1.5", "%ff", "", strings.Repeat("z", 3000), "%00", "0", "100000", "2026-13-45", "tomorrow"}

var weirdMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "FOO", "PROPFIND", "TRACE"}

// badTokens are Authorization header values that must not authenticate.
func badTokens(key ed25519.PrivateKey) []string {
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." +
		base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"x","role":"customer","exp":9999999999}`)) + "."
	valid := MintToken(key, uuid.NewString(), "customer", time.Hour)
	return []string{"Bearer garbage", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer a.b.c", "Bearer " + none,
		"Bearer " + MintToken(key, uuid.NewString(), "customer", -time.Hour), "Bearer " + MintToken(other, uuid.NewString(), "customer", time.Hour),
		"Bearer " + MintToken(key, uuid.NewString(), "admin", time.Hour), "Bearer " + valid[:len(valid)-4] + "AAAA",
		"Bearer " + strings.Repeat("x", 8000), "bearer\xff\xfe", valid}
}

// badRequest is one generated malformed request.
type badRequest struct {
	kind, method, path string
	body               []byte
	auth               string
	contentType        string
}

// generate builds n malformed requests from every endpoint.
func generateBad(n int, key ed25519.PrivateKey, goodTokens []string, svcID, apptID string) []badRequest {
	rng := mrand.New(mrand.NewPCG(12, 2026))
	eps := endpoints(svcID, apptID)
	toks := badTokens(key)
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	fill := func(path string, id string) string {
		path = strings.ReplaceAll(path, "{svc}", svcID)
		path = strings.ReplaceAll(path, "{appt}", apptID)
		path = strings.ReplaceAll(path, "{email}", "someone%40example.com")
		if id != "" {
			if i := strings.Index(path, svcID); i >= 0 {
				path = path[:i] + id + path[i+len(svcID):]
			} else if i := strings.Index(path, apptID); i >= 0 {
				path = path[:i] + id + path[i+len(apptID):]
			} else if i := strings.Index(path, "someone%40example.com"); i >= 0 {
				path = path[:i] + id + path[i+len("someone%40example.com"):]
			}
		}
		return path
	}
	var out []badRequest
	for len(out) < n {
		ep := eps[rng.IntN(len(eps))]
		r := badRequest{method: ep.method, path: fill(ep.path, ""), auth: "Bearer " + pick(goodTokens), contentType: "application/json"}
		if ep.body != nil {
			r.body = encode(ep.body)
		}
		k := rng.IntN(9)
		for (k <= 2 && ep.body == nil) || (k == 6 && !strings.Contains(ep.path, "{")) || (k == 7 && len(ep.query) == 0) {
			k = rng.IntN(9)
		}
		switch {
		case k == 0 && ep.body != nil: // wrong type or broken value in one field
			body := clone(ep.body)
			f := fieldNames(body)[rng.IntN(len(body))]
			body[f] = badValues[rng.IntN(len(badValues))]
			r.kind, r.body = "wrong-type:"+f, encode(body)
		case k == 1 && ep.body != nil: // a field missing
			body := clone(ep.body)
			f := fieldNames(body)[rng.IntN(len(body))]
			delete(body, f)
			r.kind, r.body = "missing:"+f, encode(body)
		case k == 2 && ep.body != nil: // a huge string
			body := clone(ep.body)
			f := fieldNames(body)[rng.IntN(len(body))]
			body[f] = hugeString([]int{300, 5000, 100000, 900000}[rng.IntN(4)])
			r.kind, r.body = "huge:"+f, encode(body)
		case k == 3: // a broken body
			r.kind, r.body = "bad-json", badBodies[rng.IntN(len(badBodies))]
			if rng.IntN(4) == 0 {
				r.contentType = "text/plain"
			}
		case k == 4: // a wrong method
			m := weirdMethods[rng.IntN(len(weirdMethods))]
			if m == ep.method {
				m = "FOO"
			}
			r.kind, r.method = "method:"+m, m
		case k == 5: // a bad token
			r.kind, r.auth = "token", pick(toks)
			if r.auth == toks[len(toks)-1] { // the one valid token: send it without the scheme
				r.auth = strings.TrimPrefix(r.auth, "Bearer ")
			}
		case k == 6 && strings.Contains(ep.path, "{"): // a bad id in the path
			r.kind, r.path = "bad-id", fill(ep.path, pick(badIDs))
		case k == 7 && len(ep.query) > 0: // bad query values
			q := ep.query[rng.IntN(len(ep.query))]
			r.kind, r.path = "bad-query:"+q, r.path+"?"+q+"="+pick(badQueryValues)
		default: // anonymous with a mangled body
			body := []byte(nil)
			if ep.body != nil {
				b := clone(ep.body)
				f := fieldNames(b)[rng.IntN(len(b))]
				b[f] = badValues[rng.IntN(len(badValues))]
				body = encode(b)
			}
			r.kind, r.auth, r.body = "anonymous", "", body
		}
		out = append(out, r)
	}
	return out
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func fieldNames(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// BadInput sends n generated malformed requests across every endpoint and
// checks that none got a 5xx and every refusal is in the error shape.
func (e *Env) BadInput(ctx context.Context, n, clients int) (Drill, error) {
	d := Drill{Name: "bad-input", Pass: true}
	c, err := e.NewUser(ctx, "customer")
	if err != nil {
		return d, err
	}
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	svcID, err := e.NewService(ctx, p, "Bad input target", HalfHours())
	if err != nil {
		return d, err
	}
	r := e.Book(ctx, "", c.Token, Slot{ServiceID: svcID, Date: Day(1), Time: "09:00"}, "")
	apptID := r.String("appointment._id")
	if apptID == "" {
		return d, fmt.Errorf("booking for the bad-input drill: %d %s", r.Status, r.Raw)
	}
	reqs := generateBad(n, e.Key, []string{c.Token, p.Token}, svcID, apptID)
	var next atomic.Int64
	var mu sync.Mutex
	byStatus := map[int]int{}
	byKind := map[string]int{}
	var fivexx, badShape, transport, accepted int
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(reqs) || ctx.Err() != nil {
					return
				}
				q := reqs[i]
				status, raw, err := e.send(ctx, q)
				mu.Lock()
				kind, _, _ := strings.Cut(q.kind, ":")
				byKind[kind]++
				switch {
				case err != nil:
					transport++
					d.fail("%s %s (%s): %v", q.method, short(q.path), q.kind, err)
				case status >= 500:
					fivexx++
					d.fail("%s %s (%s): %d %s", q.method, short(q.path), q.kind, status, short(string(raw)))
				case status >= 200 && status < 300:
					accepted++
				case !errorShape(raw):
					badShape++
					d.fail("%s %s (%s): %d not in the error shape: %s", q.method, short(q.path), q.kind, status, short(string(raw)))
				}
				byStatus[status]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	// What the storm stored must not break anyone else's reads.
	after := map[string]int{}
	for _, path := range []string{"/services", "/services?category=" + url.QueryEscape("Healthcare & Wellness"), "/services/provider"} {
		tok := ""
		if path == "/services/provider" {
			tok = p.Token
		}
		r := e.Call(ctx, "", "GET", path, tok, nil, nil)
		after[path] = r.Status
		if r.Status != 200 {
			d.fail("after the storm GET %s answers %d: %s", path, r.Status, short(string(r.Raw)))
		}
	}
	statuses := map[string]int{}
	for s, c := range byStatus {
		statuses[fmt.Sprint(s)] = c
	}
	d.Figures = map[string]any{"requests": len(reqs), "5xx": fivexx, "notErrorShape": badShape, "transportErrors": transport,
		"accepted2xx": accepted, "byStatus": statuses, "byKind": byKind, "seconds": round(time.Since(start).Seconds()),
		"listingsAfterwards": after}
	d.Summary = fmt.Sprintf("%d malformed requests over %d endpoints: %d×5xx, %d refusals not in the error shape, %d transport errors, %d accepted (a 2xx: the mutation left a valid request)",
		len(reqs), len(endpoints(svcID, apptID)), fivexx, badShape, transport, accepted)
	return d, nil
}

func (e *Env) send(ctx context.Context, q badRequest) (int, []byte, error) {
	var body *bytes.Reader
	if q.body != nil {
		body = bytes.NewReader(q.body)
	} else {
		body = bytes.NewReader(nil)
	}
	req, err := http.NewRequestWithContext(ctx, q.method, e.Stack.APIURL+q.path, body)
	if err != nil {
		// A path the client itself refuses to send is not a server answer.
		return 400, []byte(`{"success":false,"error":"client refused","message":"client refused"}`), nil
	}
	if q.body != nil {
		req.Header.Set("Content-Type", q.contentType)
	}
	if q.auth != "" {
		req.Header["Authorization"] = []string{q.auth}
	}
	resp, err := e.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(resp.Body)
	return resp.StatusCode, buf.Bytes(), err
}

// errorShape reports whether raw is {"success":false,"error":m,"message":m}
// with a non-empty message.
func errorShape(raw []byte) bool {
	var v struct {
		Success *bool   `json:"success"`
		Error   *string `json:"error"`
		Message *string `json:"message"`
	}
	if jsonUnmarshal(raw, &v) != nil || v.Success == nil || *v.Success || v.Error == nil || v.Message == nil {
		return false
	}
	return *v.Error != "" && *v.Error == *v.Message
}

func short(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}
