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
	provider := Registration("provider", "someone-else@example.com")
	provider["businessInfo"].(map[string]any)["specializations"] = []string{"hair", "nails"}
	provider["businessInfo"].(map[string]any)["experience"] = 3
	provider["dateOfBirth"] = "1990-04-02"
	provider["confirmPassword"] = "secret123"
	return []endpoint{
		{method: "POST", path: "/auth/register", body: Registration("customer", "someone@example.com")},
		{method: "POST", path: "/auth/register", body: provider},
		{method: "POST", path: "/auth/login-with-role", body: map[string]any{"email": "someone@example.com", "password": "secret123", "role": "customer"}},
		{method: "GET", path: "/auth/user-role/{email}"},
		{method: "GET", path: "/auth/profile"},
		{method: "PUT", path: "/auth/profile", body: map[string]any{"fullName": "Asha Rao", "phoneNumber": "9876543210", "address": "12 MG Road",
			"gender": "female", "dateOfBirth": "1990-04-02", "email": "asha.rao@example.com", "currentPassword": "secret123",
			"businessInfo": map[string]any{"businessName": "Acme", "businessDescription": "Clinic", "businessCategory": "healthcare",
				"businessHours": "9-5", "location": "Pune", "specializations": []string{"hair"}, "experience": 2}}},
		{method: "POST", path: "/auth/verify-email", body: map[string]any{"token": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}},
		{method: "POST", path: "/auth/verify-email/resend", body: map[string]any{}},
		{method: "POST", path: "/auth/password/forgot", body: map[string]any{"email": "someone@example.com"}},
		{method: "POST", path: "/auth/password/reset", body: map[string]any{"token": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
			"newPassword": "fresh-pass-1", "confirmPassword": "fresh-pass-1"}},
		{method: "GET", path: "/auth/export"},
		// Never the right password (deleting would end the drill's account):
		// a valid body that the password check refuses (403, then 429).
		{method: "DELETE", path: "/auth/account", body: map[string]any{"password": "not-the-password-1"}},
		{method: "GET", path: "/.well-known/jwks.json"},
		{method: "GET", path: "/services", query: []string{"category", "name", "limit", "offset"}},
		{method: "POST", path: "/services", body: ServiceBody("Bad input", []string{"09:00", "10:00"})},
		{method: "GET", path: "/services/provider"},
		{method: "GET", path: "/services/{svc}"},
		{method: "PATCH", path: "/services/{svc}", body: ServiceBody("Bad input", []string{"09:00", "10:00"})},
		{method: "PATCH", path: "/services/{svc}", body: map[string]any{"isActive": true}},
		{method: "DELETE", path: "/services/{del}"},
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
	field              string // endpoint and field the bad value went into ("" when not one)
	body               []byte
	auth               string
	contentType        string
}

// Content types of a body that is not declared JSON (415).
var badContentTypes = []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
	"multipart/form-data; boundary=x", "application/xml", "application/json; charset=latin1", ""}

// generateBad builds at least n malformed requests: first every field, query
// parameter and path id of every endpoint with every bad value
// (everyFieldEveryValue), then random ones — several fields mangled at
// once, fields missing, broken bodies, wrong methods, content types and
// tokens, anonymous calls — up to n.
//
// DELETE /auth/account is sent with deleterToken, an account of its own:
// its wrong passwords lock that account (docs/product.md "Your data"), and
// no other endpoint's calls must meet that lock.
func generateBad(n int, key ed25519.PrivateKey, customerToken, providerToken, deleterToken, svcID, delID, apptID string) []badRequest {
	rng := mrand.New(mrand.NewPCG(12, 2026))
	eps := endpoints(svcID, apptID)
	toks := badTokens(key)
	fill := func(path string, id string) string {
		path = strings.ReplaceAll(path, "{svc}", svcID)
		path = strings.ReplaceAll(path, "{del}", delID)
		path = strings.ReplaceAll(path, "{appt}", apptID)
		path = strings.ReplaceAll(path, "{email}", "someone%40example.com")
		if id != "" {
			for _, known := range []string{svcID, delID, apptID, "someone%40example.com"} {
				if i := strings.Index(path, known); i >= 0 {
					return path[:i] + id + path[i+len(known):]
				}
			}
		}
		return path
	}
	// The token of someone who may call the endpoint, so a bad value meets
	// the domain's rules rather than a 403.
	auth := func(ep endpoint) string {
		if ep.path == "/auth/account" {
			return "Bearer " + deleterToken
		}
		if strings.Contains(ep.path, "/services") && ep.method != "GET" || strings.HasSuffix(ep.path, "/provider") ||
			strings.HasSuffix(ep.path, "provider-status") || ep.path == "/auth/profile" && ep.method == "PUT" { // a provider's profile has every field
			return "Bearer " + providerToken
		}
		return "Bearer " + customerToken
	}
	out := everyFieldEveryValue(eps, auth, fill)
	for len(out) < n {
		ep := eps[rng.IntN(len(eps))]
		r := badRequest{method: ep.method, path: fill(ep.path, ""), auth: auth(ep), contentType: "application/json"}
		if rng.IntN(5) == 0 && ep.path != "/auth/account" { // now and then the other role's token
			r.auth = "Bearer " + []string{customerToken, providerToken}[rng.IntN(2)]
		}
		if ep.body != nil {
			r.body = encodeJSON(ep.body)
		}
		k := rng.IntN(14)
		if k >= 10 {
			k = 0 // bad field values, the drill's main subject, get the larger share
		}
		for (k <= 2 && ep.body == nil) || (k == 6 && !strings.Contains(ep.path, "{")) || (k == 7 && len(ep.query) == 0) || (k == 8 && ep.body == nil) {
			k = rng.IntN(10)
		}
		switch k {
		case 0, 1: // one to three fields get bad values
			body := ep.body
			fields := leaves(ep.body, "")
			var classes []string
			for range 1 + rng.IntN(3) {
				f := fields[rng.IntN(len(fields))]
				v := badValueSet[rng.IntN(len(badValueSet))]
				body = withValue(body, f, v.json)
				classes = append(classes, v.class)
			}
			r.kind, r.body = classes[0], encodeJSON(body)
		case 2: // a field missing
			body := clone(ep.body)
			delete(body, fieldNames(body)[rng.IntN(len(body))])
			r.kind, r.body = "missing", encodeJSON(body)
		case 3: // a broken body
			r.kind, r.body = "bad-json", badBodies[rng.IntN(len(badBodies))]
		case 4: // a wrong method
			m := weirdMethods[rng.IntN(len(weirdMethods))]
			if m == ep.method {
				m = "FOO"
			}
			r.kind, r.method = "method", m
		case 5: // a bad token
			r.kind, r.auth = "token", toks[rng.IntN(len(toks))]
			if r.auth == toks[len(toks)-1] { // the one valid token: send it without the scheme
				r.auth = strings.TrimPrefix(r.auth, "Bearer ")
			}
		case 6: // a bad id in the path
			v := badValueSet[rng.IntN(len(badValueSet))].url
			if rng.IntN(2) == 0 || len(v) > 8000 {
				v = badIDs[rng.IntN(len(badIDs))]
			}
			r.kind, r.path = "bad-id", fill(ep.path, v)
		case 7: // a bad query value
			q := ep.query[rng.IntN(len(ep.query))]
			v := badValueSet[rng.IntN(len(badValueSet))].url
			if rng.IntN(2) == 0 || len(v) > 8000 {
				v = badQueryValues[rng.IntN(len(badQueryValues))]
			}
			r.kind, r.path = "bad-query", r.path+"?"+q+"="+v
		case 8: // a body that is not declared JSON
			r.kind, r.contentType = "content-type", badContentTypes[rng.IntN(len(badContentTypes))]
		default: // anonymous, with a mangled body
			if ep.body != nil {
				fields := leaves(ep.body, "")
				r.body = encodeJSON(withValue(ep.body, fields[rng.IntN(len(fields))], badValueSet[rng.IntN(len(badValueSet))].json))
			}
			r.kind, r.auth = "anonymous", ""
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
	// DELETE gets a service of its own: the target must stay, so every later
	// request still reaches the rules.
	delID, err := e.NewService(ctx, p, "Bad input delete target", HalfHours())
	if err != nil {
		return d, err
	}
	deleter, err := e.NewUser(ctx, "customer")
	if err != nil {
		return d, err
	}
	r := e.Book(ctx, "", c.Token, Slot{ServiceID: svcID, Date: Day(1), Time: "09:00"}, "")
	apptID := r.String("appointment._id")
	if apptID == "" {
		return d, fmt.Errorf("booking for the bad-input drill: %d %s", r.Status, r.Raw)
	}
	reqs := generateBad(n, e.Key, c.Token, p.Token, deleter.Token, svcID, delID, apptID)
	var next atomic.Int64
	var mu sync.Mutex
	byStatus := map[int]int{}
	byKind := map[string]int{}
	fields := map[string]map[string]bool{} // endpoint and field → the classes of bad values it got
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
				byKind[q.kind]++
				if q.field != "" {
					if fields[q.field] == nil {
						fields[q.field] = map[string]bool{}
					}
					fields[q.field][q.kind] = true
				}
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
	// Every field, query parameter and id must have met every class of bad value.
	everyClass := 0
	for f, classes := range fields {
		if len(classes) == 4 {
			everyClass++
		} else {
			d.fail("%s got only %v", f, classes)
		}
	}
	d.Figures = map[string]any{"requests": len(reqs), "5xx": fivexx, "notErrorShape": badShape, "transportErrors": transport,
		"accepted2xx": accepted, "byStatus": statuses, "byKind": byKind, "seconds": round(time.Since(start).Seconds()),
		"fieldsEveryClass": everyClass, "badValuesPerField": len(badValueSet), "listingsAfterwards": after}
	d.Summary = fmt.Sprintf("%d malformed requests over %d endpoints, every one of %d fields, query parameters and ids with each of %d over-long, wrong-type, control-character and invalid-UTF-8 values: %d×5xx, %d refusals not in the error shape, %d transport errors, %d accepted (a 2xx: the value was acceptable there)",
		len(reqs), len(endpoints(svcID, apptID)), everyClass, len(badValueSet), fivexx, badShape, transport, accepted)
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
