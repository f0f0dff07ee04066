package bench

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// Expectation of one authz cell.
type Expectation string

const (
	Allow     Expectation = "allow"      // 2xx
	DenyAuth  Expectation = "deny-401"   // no token
	DenyRole  Expectation = "deny-403"   // wrong role
	DenyOwner Expectation = "deny-owner" // not yours: 403 or 404, never the resource
)

func (x Expectation) met(status int) bool {
	switch x {
	case Allow:
		return status >= 200 && status < 300
	case DenyAuth:
		return status == 401
	case DenyRole:
		return status == 403
	case DenyOwner:
		return status == 403 || status == 404
	}
	return false
}

// Principals of the matrix, in column order.
var Principals = []string{"anonymous", "customer A", "customer B", "provider X", "provider Y"}

// AuthzCell is one endpoint × principal outcome.
type AuthzCell struct {
	Endpoint  string      `json:"endpoint"`
	Principal string      `json:"principal"`
	Expected  Expectation `json:"expected"`
	Status    int         `json:"status"`
	OK        bool        `json:"ok"`
	Note      string      `json:"note,omitempty"`
}

type authzWorld struct {
	e          *Env
	users      map[string]User
	svcX       string // X's service with every half hour
	apptA      string // A's pending appointment on svcX
	nextSlot   atomic.Int64
	hours      []string
	reviewable func(ctx context.Context) (string, error)
}

func (w *authzWorld) token(principal string) string { return w.users[principal].Token }

// slot returns a fresh slot on svcX (day 1..9).
func (w *authzWorld) slot() Slot {
	i := int(w.nextSlot.Add(1))
	return Slot{ServiceID: w.svcX, Date: Day(1 + i/len(w.hours)%9), Time: w.hours[i%len(w.hours)]}
}

// freshAppointment books a new appointment of A on X's service.
func (w *authzWorld) freshAppointment(ctx context.Context) (string, Slot, error) {
	s := w.slot()
	r := w.e.Book(ctx, "", w.token("customer A"), s, "")
	if r.Status != 201 {
		return "", s, fmt.Errorf("book: %d %s", r.Status, r.Raw)
	}
	return r.String("appointment._id"), s, nil
}

type authzCase struct {
	name   string
	expect [5]Expectation
	// call sends the request as principal; it may create what it needs.
	call func(ctx context.Context, w *authzWorld, principal string) (*Response, error)
	// leak, when set, reports a 2xx body that shows someone else's data.
	leak func(w *authzWorld, principal string, r *Response) string
}

func simple(method, path string, body any) func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
	return func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
		p := strings.NewReplacer("{svc}", w.svcX, "{appt}", w.apptA).Replace(path)
		return w.e.Call(ctx, "", method, p, w.token(principal), body, nil), nil
	}
}

func authzCases() []authzCase {
	pub := [5]Expectation{Allow, Allow, Allow, Allow, Allow}
	anyUser := [5]Expectation{DenyAuth, Allow, Allow, Allow, Allow}
	providers := [5]Expectation{DenyAuth, DenyRole, DenyRole, Allow, Allow}
	customers := [5]Expectation{DenyAuth, Allow, Allow, DenyRole, DenyRole}
	ownerX := [5]Expectation{DenyAuth, DenyRole, DenyRole, Allow, DenyOwner}
	apptCustomer := [5]Expectation{DenyAuth, Allow, DenyOwner, DenyRole, DenyRole}
	apptProvider := [5]Expectation{DenyAuth, DenyRole, DenyRole, Allow, DenyOwner}
	apptRead := [5]Expectation{DenyAuth, Allow, DenyOwner, Allow, DenyOwner}
	review := [5]Expectation{DenyAuth, Allow, DenyOwner, DenyRole, DenyRole}

	notContains := func(id func(w *authzWorld) string, except ...string) func(w *authzWorld, principal string, r *Response) string {
		return func(w *authzWorld, principal string, r *Response) string {
			for _, e := range except {
				if e == principal {
					return ""
				}
			}
			if strings.Contains(string(r.Raw), id(w)) {
				return "the body shows " + id(w) + " to " + principal
			}
			return ""
		}
	}
	apptOfA := func(w *authzWorld) string { return w.apptA }
	withFreshService := func(method string, body any) func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
		return func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
			id, err := w.e.NewService(ctx, w.users["provider X"], "Authz target", []string{"09:00"})
			if err != nil {
				return nil, err
			}
			return w.e.Call(ctx, "", method, "/services/"+id, w.token(principal), body, nil), nil
		}
	}
	withFreshAppt := func(method, suffix string, body func(s Slot) any) func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
		return func(ctx context.Context, w *authzWorld, principal string) (*Response, error) {
			id, s, err := w.freshAppointment(ctx)
			if err != nil {
				return nil, err
			}
			return w.e.Call(ctx, "", method, "/appointments/"+id+suffix, w.token(principal), body(s), nil), nil
		}
	}
	return []authzCase{
		{name: "GET /.well-known/jwks.json", expect: pub, call: simple("GET", "/.well-known/jwks.json", nil)},
		{name: "POST /auth/register", expect: pub, call: func(ctx context.Context, w *authzWorld, p string) (*Response, error) {
			return w.e.Call(ctx, "", "POST", "/auth/register", w.token(p), Registration("customer", "reg-"+uuid.NewString()[:12]+"@example.com"), nil), nil
		}},
		{name: "POST /auth/login-with-role", expect: pub, call: func(ctx context.Context, w *authzWorld, p string) (*Response, error) {
			a := w.users["customer A"]
			return w.e.Call(ctx, "", "POST", "/auth/login-with-role", w.token(p), map[string]any{"email": a.Email, "password": "secret123", "role": "customer"}, nil), nil
		}},
		{name: "GET /auth/user-role/{email}", expect: pub, call: func(ctx context.Context, w *authzWorld, p string) (*Response, error) {
			return w.e.Call(ctx, "", "GET", "/auth/user-role/"+url.PathEscape(w.users["customer A"].Email), w.token(p), nil, nil), nil
		}},
		{name: "GET /auth/profile", expect: anyUser, call: simple("GET", "/auth/profile", nil),
			leak: func(w *authzWorld, p string, r *Response) string {
				if p != "anonymous" && r.String("user.email") != w.users[p].Email {
					return "profile of " + r.String("user.email") + " shown to " + p
				}
				return ""
			}},
		{name: "PUT /auth/profile", expect: anyUser, call: simple("PUT", "/auth/profile", map[string]any{"fullName": "Renamed User"})},
		{name: "GET /services", expect: pub, call: simple("GET", "/services", nil)},
		{name: "GET /services/{id}", expect: pub, call: simple("GET", "/services/{svc}", nil)},
		{name: "GET /services/{id}/availability", expect: pub, call: simple("GET", "/services/{svc}/availability", nil)},
		{name: "GET /reviews/service/{id}", expect: pub, call: simple("GET", "/reviews/service/{svc}", nil)},
		{name: "GET /services/provider", expect: providers, call: simple("GET", "/services/provider", nil),
			leak: notContains(func(w *authzWorld) string { return w.svcX }, "provider X")},
		{name: "POST /services", expect: providers, call: simple("POST", "/services", ServiceBody("Authz new", []string{"09:00"}))},
		{name: "PATCH /services/{id} (toggle)", expect: ownerX, call: withFreshService("PATCH", map[string]any{"isActive": false})},
		{name: "PATCH /services/{id} (replace)", expect: ownerX, call: withFreshService("PATCH", ServiceBody("Authz renamed", []string{"10:00"}))},
		{name: "DELETE /services/{id}", expect: ownerX, call: withFreshService("DELETE", nil)},
		{name: "POST /appointments", expect: customers, call: func(ctx context.Context, w *authzWorld, p string) (*Response, error) {
			return w.e.Book(ctx, "", w.token(p), w.slot(), ""), nil
		}},
		{name: "GET /appointments", expect: anyUser, call: simple("GET", "/appointments", nil), leak: notContains(apptOfA, "customer A")},
		{name: "GET /appointments/provider", expect: providers, call: simple("GET", "/appointments/provider", nil), leak: notContains(apptOfA, "provider X")},
		{name: "GET /appointments/{id}", expect: apptRead, call: simple("GET", "/appointments/{appt}", nil)},
		{name: "PATCH /appointments/{id}/status", expect: apptCustomer, call: withFreshAppt("PATCH", "/status", func(Slot) any { return map[string]any{"status": "cancelled"} })},
		{name: "PUT /appointments/{id}/reschedule", expect: apptCustomer, call: withFreshAppt("PUT", "/reschedule", func(s Slot) any {
			d, _ := time.ParseInLocation("2006-01-02", s.Date, IST)
			return map[string]any{"date": d.AddDate(0, 0, 1).Format("2006-01-02"), "time": s.Time}
		})},
		{name: "PATCH /appointments/{id}/provider-status", expect: apptProvider, call: withFreshAppt("PATCH", "/provider-status", func(Slot) any { return map[string]any{"status": "confirmed"} })},
		{name: "POST /reviews", expect: review, call: func(ctx context.Context, w *authzWorld, p string) (*Response, error) {
			id, err := w.reviewable(ctx)
			if err != nil {
				return nil, err
			}
			return w.e.Call(ctx, "", "POST", "/reviews", w.token(p), map[string]any{"appointmentId": id, "rating": 5, "comment": "Very professional"}, nil), nil
		}},
		{name: "GET /reviews/provider", expect: providers, call: simple("GET", "/reviews/provider", nil)},
	}
}

// Authz runs every endpoint × principal and compares with the expected
// allow/deny.
func (e *Env) Authz(ctx context.Context) (Drill, []AuthzCell, error) {
	d := Drill{Name: "authz", Pass: true}
	w := &authzWorld{e: e, users: map[string]User{"anonymous": {}}, hours: HalfHours()}
	for _, p := range Principals[1:] {
		u, err := e.NewUser(ctx, strings.Fields(p)[0])
		if err != nil {
			return d, nil, err
		}
		w.users[p] = u
	}
	var err error
	if w.svcX, err = e.NewService(ctx, w.users["provider X"], "Authz service", w.hours); err != nil {
		return d, nil, err
	}
	if _, err := e.NewService(ctx, w.users["provider Y"], "Y's service", []string{"09:00"}); err != nil {
		return d, nil, err
	}
	if w.apptA, _, err = w.freshAppointment(ctx); err != nil {
		return d, nil, err
	}
	// A completed appointment of A, known to review-svc: book, confirm,
	// move the stack's clock past its start, complete, wait for the event.
	w.reviewable = func(ctx context.Context) (string, error) {
		id, s, err := w.freshAppointment(ctx)
		if err != nil {
			return "", err
		}
		x := w.token("provider X")
		if r := e.Call(ctx, "", "PATCH", "/appointments/"+id+"/provider-status", x, map[string]any{"status": "confirmed"}, nil); r.Status != 200 {
			return "", fmt.Errorf("confirm: %d %s", r.Status, r.Raw)
		}
		start, _ := time.ParseInLocation("2006-01-02 15:04", s.Date+" "+s.Time, IST)
		e.Clock.Jump(start.Add(time.Minute))
		r := e.Call(ctx, "", "PATCH", "/appointments/"+id+"/provider-status", x, map[string]any{"status": "completed"}, nil)
		e.Clock.Reset()
		if r.Status != 200 {
			return "", fmt.Errorf("complete: %d %s", r.Status, r.Raw)
		}
		if !stacktest.Poll(ctx, 20*time.Second, func() bool {
			n, err := e.Count(ctx, `SELECT count(*) FROM review.appointments WHERE id = $1 AND status = 'completed'`, id)
			return err == nil && n == 1
		}) {
			return "", fmt.Errorf("appointment %s never reached review-svc as completed", id)
		}
		return id, nil
	}
	var cells []AuthzCell
	for _, c := range authzCases() {
		for i, p := range Principals {
			r, err := c.call(ctx, w, p)
			if err != nil {
				return d, cells, fmt.Errorf("%s as %s: %w", c.name, p, err)
			}
			cell := AuthzCell{Endpoint: c.name, Principal: p, Expected: c.expect[i], Status: r.Status}
			cell.OK = r.Err == nil && c.expect[i].met(r.Status)
			if !cell.OK {
				cell.Note = short(string(r.Raw))
			}
			if cell.OK && c.leak != nil && r.Status < 300 {
				if l := c.leak(w, p, r); l != "" {
					cell.OK, cell.Note = false, l
				}
			}
			if r.Status >= 400 && !errorShape(r.Raw) {
				cell.OK, cell.Note = false, "refusal not in the error shape: "+short(string(r.Raw))
			}
			if !cell.OK {
				d.fail("%s as %s: got %d, want %s (%s)", c.name, p, r.Status, c.expect[i], cell.Note)
			}
			cells = append(cells, cell)
		}
	}
	correct := 0
	for _, c := range cells {
		if c.OK {
			correct++
		}
	}
	d.Figures = map[string]any{"endpoints": len(authzCases()), "principals": len(Principals), "cells": len(cells), "correct": correct}
	d.Summary = fmt.Sprintf("%d endpoints × %d principals: %d of %d cells as expected", len(authzCases()), len(Principals), correct, len(cells))
	return d, cells, nil
}
