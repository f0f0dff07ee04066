package stacktest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Response is what the gateway answered.
type Response struct {
	Status int
	Header http.Header
	Raw    []byte
	JSON   map[string]any
}

// Req is one REST call.
type Req struct {
	Method  string
	Path    string
	Body    any // marshalled as JSON; a string or []byte is sent as is
	Token   string
	Headers map[string]string
}

// Client sends REST calls to one gateway, as the web app does.
type Client struct {
	// BaseURL is the gateway's, e.g. http://127.0.0.1:5001.
	BaseURL string
}

// Do sends r to the gateway.
func (c Client) Do(t testing.TB, r Req) *Response {
	t.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(r.Method, c.BaseURL+r.Path, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", r.Method, r.Path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// Get, Post, Put, Patch and Delete are shorthands for Do.
func (c Client) Get(t testing.TB, path, token string) *Response {
	t.Helper()
	return c.Do(t, Req{Method: http.MethodGet, Path: path, Token: token})
}
func (c Client) Post(t testing.TB, path, token string, body any) *Response {
	t.Helper()
	return c.Do(t, Req{Method: http.MethodPost, Path: path, Token: token, Body: body})
}
func (c Client) Put(t testing.TB, path, token string, body any) *Response {
	t.Helper()
	return c.Do(t, Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}
func (c Client) Patch(t testing.TB, path, token string, body any) *Response {
	t.Helper()
	return c.Do(t, Req{Method: http.MethodPatch, Path: path, Token: token, Body: body})
}
func (c Client) Delete(t testing.TB, path, token string) *Response {
	t.Helper()
	return c.Do(t, Req{Method: http.MethodDelete, Path: path, Token: token})
}

// Field walks a dotted path ("user.providerInfo.location", "services.0.name").
func (r *Response) Field(path string) any {
	var cur any = r.JSON
	for _, p := range strings.Split(path, ".") {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[p]
		case []any:
			var i int
			if _, err := fmt.Sscan(p, &i); err != nil || i < 0 || i >= len(c) {
				return nil
			}
			cur = c[i]
		default:
			return nil
		}
	}
	return cur
}

// String is Field as a string ("" when absent or not a string).
func (r *Response) String(path string) string {
	s, _ := r.Field(path).(string)
	return s
}

// ExpectStatus fails the test unless the status is want.
func (r *Response) ExpectStatus(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body: %s", r.Status, want, r.Raw)
	}
	return r
}

// ExpectError fails unless the response is the API's error shape with the
// given status and message.
func (r *Response) ExpectError(t testing.TB, status int, message string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body: %s", r.Status, status, r.Raw)
	}
	if r.JSON["success"] != false || r.JSON["error"] != message || r.JSON["message"] != message {
		t.Fatalf("error body %s, want success=false and error=message=%q", r.Raw, message)
	}
}
