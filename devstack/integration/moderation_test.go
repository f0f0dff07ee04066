package integration

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	authsvc "github.com/slotwise/slotwise/auth-svc"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestRepliesReportsAndFigures drives replies, reports, an operator's
// decisions and the home page's figures through the gateway, on data
// counted by hand: one business (two active services) and one provider
// without an active service; four bookings, two completed, one no-show,
// one cancelled; two reviews (2★ and 5★), the 2★ one hidden at the end.
func TestRepliesReportsAndFigures(t *testing.T) {
	ist, _ := time.LoadLocation("Asia/Kolkata")
	fixed := time.Now().UTC().Truncate(time.Minute)
	st := stacktest.Start(t, stacktest.Options{Now: fixed})
	p, p2 := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	c1, c2, c3, c4 := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer")

	newService := func(owner stacktest.User, name string) string {
		r := st.Post(t, "/services", owner.Token, map[string]any{
			"name": name, "category": "Beauty & Personal Care", "description": "Cut and style",
			"price": 499, "duration": 30, "provider": "Glow Studio", "location": "MG Road, Bengaluru",
			"contact": "9876543210", "imageUrl": "", "timeSlots": []string{"10:00", "11:00", "12:00", "13:00"},
		})
		return r.ExpectStatus(t, 201).String("data._id")
	}
	serviceID := newService(p, "Haircut")
	newService(p, "Beard trim")
	inactive := newService(p2, "Closed salon")
	st.Patch(t, "/services/"+inactive, p2.Token, map[string]any{"isActive": false}).ExpectStatus(t, 200)

	day := fixed.In(ist).AddDate(0, 0, 1)
	book := func(c stacktest.User, slot string) string {
		r := st.Post(t, "/appointments", c.Token, map[string]any{
			"serviceId": serviceID, "date": day.Format("2006-01-02"), "time": slot, "notes": "",
			"customerName": "Asha Kulkarni", "customerEmail": c.Email, "customerPhone": "9876543210", "customerAddress": "12 MG Road, Bengaluru",
		})
		return r.ExpectStatus(t, 201).String("appointment._id")
	}
	a1, a2, a3, a4 := book(c1, "10:00"), book(c2, "11:00"), book(c3, "12:00"), book(c4, "13:00")
	for _, id := range []string{a1, a2, a3} {
		st.Patch(t, "/appointments/"+id+"/provider-status", p.Token, map[string]any{"status": "confirmed"}).ExpectStatus(t, 200)
	}
	st.Patch(t, "/appointments/"+a4+"/status", c4.Token, map[string]any{"status": "cancelled"}).ExpectStatus(t, 200)
	// An hour after the last start: every appointment has begun, none is
	// overdue (booking.OverdueAfter), so nothing completes on its own.
	st.Clock.Set(time.Date(day.Year(), day.Month(), day.Day(), 14, 0, 0, 0, ist))
	for id, status := range map[string]string{a1: "completed", a2: "completed", a3: "no-show"} {
		st.Patch(t, "/appointments/"+id+"/provider-status", p.Token, map[string]any{"status": status}).ExpectStatus(t, 200)
	}

	review := func(c stacktest.User, apptID string, rating int, comment string) string {
		var r *stacktest.Response
		stacktest.Poll(t.Context(), 10*time.Second, func() bool {
			r = st.Post(t, "/reviews", c.Token, map[string]any{"appointmentId": apptID, "rating": rating, "comment": comment})
			return r.Status != http.StatusNotFound && r.Status != http.StatusConflict
		})
		return r.ExpectStatus(t, 201).String("data._id")
	}
	low := review(c1, a1, 2, "Too slow and the chair was broken")
	high := review(c2, a2, 5, "Wonderful haircut, friendly staff")
	waitRating(t, st, serviceID, "avgRating=3.5 totalReviews=2")

	t.Run("a service's reviews come a page at a time, newest first", func(t *testing.T) {
		first := st.Get(t, "/reviews/service/"+serviceID+"?limit=1", "").ExpectStatus(t, 200)
		if got := reviewList(first); len(got) != 1 || got[0].id != high || first.String("nextCursor") == "" {
			t.Fatalf("first page: %s", first.Raw)
		}
		next := st.Get(t, "/reviews/service/"+serviceID+"?limit=1&cursor="+first.String("nextCursor"), "").ExpectStatus(t, 200)
		if got := reviewList(next); len(got) != 1 || got[0].id != low || next.String("nextCursor") != "" {
			t.Fatalf("second page: %s", next.Raw)
		}
		st.Get(t, "/reviews/service/"+serviceID+"?cursor=nope", "").ExpectError(t, 400, "This list's cursor is not valid: reload the list")
	})

	t.Run("a reply: only the business's own, 1 to 1,000 characters", func(t *testing.T) {
		path := "/reviews/" + low + "/reply"
		st.Put(t, path, "", map[string]any{"text": "Sorry"}).ExpectError(t, 401, "Authentication required: please log in")
		st.Put(t, path, c1.Token, map[string]any{"text": "Sorry"}).ExpectError(t, 403, "Only service providers can reply to reviews")
		st.Put(t, path, p2.Token, map[string]any{"text": "Sorry"}).ExpectError(t, 403, "You can only reply to reviews of your own services")
		st.Put(t, path, p.Token, map[string]any{"text": "   "}).ExpectError(t, 400, "Please write a reply")
		st.Put(t, path, p.Token, map[string]any{"text": strings.Repeat("a", 1001)}).ExpectError(t, 400, "A reply can be at most 1,000 characters")
		st.Put(t, "/reviews/00000000-0000-0000-0000-000000000000/reply", p.Token, map[string]any{"text": "Sorry"}).
			ExpectError(t, 404, "Review not found")
		st.Delete(t, path, p.Token).ExpectError(t, 404, "This review has no reply")

		r := st.Put(t, path, p.Token, map[string]any{"text": "  Sorry! The chair is fixed.  "}).ExpectStatus(t, 200)
		if r.String("data.reply.text") != "Sorry! The chair is fixed." || r.String("data.reply.businessName") != "Glow Studio" ||
			r.String("data.reply.createdAt") != st.Clock.Now().UTC().Format(time.RFC3339) || r.String("message") != "Your reply is published" {
			t.Fatalf("reply: %s", r.Raw)
		}
		st.Clock.Advance(time.Minute)
		r = st.Put(t, path, p.Token, map[string]any{"text": strings.Repeat("é", 1000)}).ExpectStatus(t, 200)
		if r.String("data.reply.updatedAt") == r.String("data.reply.createdAt") {
			t.Fatalf("an edit keeps createdAt and moves updatedAt: %s", r.Raw)
		}
		st.Put(t, path, p.Token, map[string]any{"text": "Sorry! The chair is fixed."}).ExpectStatus(t, 200)

		for _, list := range []*stacktest.Response{st.Get(t, "/reviews/service/"+serviceID, ""), st.Get(t, "/reviews/provider", p.Token)} {
			got := replyOf(list, low)
			if got != "Sorry! The chair is fixed. — Glow Studio" {
				t.Fatalf("the reply under the review: %q in %s", got, list.Raw)
			}
			if replyOf(list, high) != "" {
				t.Fatalf("a review without a reply shows one: %s", list.Raw)
			}
		}
		// The author is told of the reply and of each change, not of the
		// same text sent again.
		waitKinds(t, st, c1, map[string]int{"review_reply": 3})
	})

	var operator stacktest.User
	t.Run("reports: signed in, a reason, one open per reporter", func(t *testing.T) {
		path := "/reviews/" + low + "/reports"
		st.Post(t, path, "", map[string]any{"reason": "offensive"}).ExpectError(t, 401, "Authentication required: please log in")
		st.Post(t, path, c2.Token, map[string]any{"reason": "boring"}).ExpectError(t, 400, "Please choose a reason")
		st.Post(t, path, c2.Token, map[string]any{"reason": "other", "details": strings.Repeat("x", 301)}).
			ExpectError(t, 400, "Please keep the details to 300 characters")
		st.Post(t, path, c1.Token, map[string]any{"reason": "spam"}).ExpectError(t, 403, "You cannot report your own review")
		r := st.Post(t, path, c2.Token, map[string]any{"reason": "offensive", "details": "Rude words"}).ExpectStatus(t, 201)
		if r.String("message") != "Thank you. An operator will look at this review." {
			t.Fatalf("report: %s", r.Raw)
		}
		st.Post(t, path, c2.Token, map[string]any{"reason": "spam"}).
			ExpectError(t, 409, "You have already reported this review; an operator will look at it soon")
		st.Post(t, path, p.Token, map[string]any{"reason": "false"}).ExpectStatus(t, 201)

		st.Get(t, "/reviews/reports", c3.Token).ExpectError(t, 403, "Only operators can see and decide reported reviews")
		st.Post(t, "/reviews/"+low+"/decision", p.Token, map[string]any{"decision": "hide"}).
			ExpectError(t, 403, "Only operators can see and decide reported reviews")
		// Only the command line makes an operator; the role reaches the
		// token at the next sign-in.
		line, err := authsvc.SetOperator(context.Background(), st.DatabaseURL, c3.Email, true)
		if err != nil || !strings.Contains(line, "is now an operator") {
			t.Fatalf("SetOperator: %q, %v", line, err)
		}
		st.Get(t, "/reviews/reports", c3.Token).ExpectError(t, 403, "Only operators can see and decide reported reviews")
		operator = st.Login(t, c3.Email, c3.Password, "customer")
		if me := st.Get(t, "/auth/profile", operator.Token).ExpectStatus(t, 200); me.Field("user.operator") != true {
			t.Fatalf("profile of an operator: %s", me.Raw)
		}

		q := st.Get(t, "/reviews/reports", operator.Token).ExpectStatus(t, 200)
		if n, _ := q.Field("data").([]any); len(n) != 1 || q.String("data.0.review._id") != low || q.Field("data.0.reporterCount") != 2.0 ||
			q.String("data.0.reasons.0.reason") != "offensive" || q.String("data.0.reasons.0.details") != "Rude words" ||
			q.String("data.0.reasons.1.reason") != "false" || q.String("data.0.review.serviceName") != "Haircut" ||
			q.Field("data.0.review.rating") != 2.0 || strings.Contains(string(q.Raw), "@") {
			t.Fatalf("open reports: %s", q.Raw)
		}
	})

	t.Run("keep: the review stays, author and reporters are told", func(t *testing.T) {
		st.Post(t, "/reviews/"+low+"/decision", operator.Token, map[string]any{"decision": "delete"}).
			ExpectError(t, 400, "Decision must be hide or keep")
		st.Post(t, "/reviews/"+high+"/decision", operator.Token, map[string]any{"decision": "keep"}).
			ExpectError(t, 409, "This review has no open reports")
		r := st.Post(t, "/reviews/"+low+"/decision", operator.Token, map[string]any{"decision": "keep"}).ExpectStatus(t, 200)
		if r.String("message") != "The review stays up" {
			t.Fatalf("keep: %s", r.Raw)
		}
		st.Post(t, "/reviews/"+low+"/decision", operator.Token, map[string]any{"decision": "hide"}).
			ExpectError(t, 409, "This review has no open reports")
		if q := st.Get(t, "/reviews/reports", operator.Token).ExpectStatus(t, 200); string(q.Raw) != `{"success":true,"data":[],"nextCursor":""}` {
			t.Fatalf("reports after keep: %s", q.Raw)
		}
		waitKinds(t, st, c1, map[string]int{"review_reply": 3, "review_kept": 1})
		waitKinds(t, st, c2, map[string]int{"review_kept": 1})
		waitKinds(t, st, p, map[string]int{"review_kept": 1, "new_review": 2})
		if n := len(reviewList(st.Get(t, "/reviews/service/"+serviceID, ""))); n != 2 {
			t.Fatalf("a kept review is still listed: %d reviews", n)
		}
	})

	t.Run("figures before the hide, counted by hand", func(t *testing.T) {
		r := st.Get(t, "/stats", "").ExpectStatus(t, 200)
		if string(r.Raw) != `{"success":true,"data":{"bookings":4,"businesses":1,"averageRating":3.5,"ratingCount":2,"completedShare":67}}` {
			t.Fatalf("GET /stats: %s", r.Raw)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=240" || r.Header.Get("ETag") == "" {
			t.Fatalf("GET /stats: Cache-Control %q, ETag %q", cc, r.Header.Get("ETag"))
		}
		again := st.Do(t, stacktest.Req{Method: "GET", Path: "/stats", Headers: map[string]string{"If-None-Match": r.Header.Get("ETag")}})
		if again.Status != http.StatusNotModified {
			t.Fatalf("revalidation: %d", again.Status)
		}
	})

	t.Run("hide: gone from every public list and the rating; told", func(t *testing.T) {
		st.Post(t, "/reviews/"+low+"/reports", c2.Token, map[string]any{"reason": "offensive"}).ExpectStatus(t, 201)
		st.Post(t, "/reviews/"+low+"/decision", operator.Token, map[string]any{"decision": "hide"}).ExpectStatus(t, 200)
		for _, list := range []*stacktest.Response{st.Get(t, "/reviews/service/"+serviceID, ""), st.Get(t, "/reviews/provider", p.Token)} {
			if got := reviewList(list); len(got) != 1 || got[0].id != high {
				t.Fatalf("after the hide: %s", list.Raw)
			}
		}
		waitRating(t, st, serviceID, "avgRating=5 totalReviews=1")
		st.Put(t, "/reviews/"+low+"/reply", p.Token, map[string]any{"text": "Sorry"}).ExpectError(t, 404, "Review not found")
		st.Post(t, "/reviews/"+low+"/reports", c4.Token, map[string]any{"reason": "spam"}).ExpectError(t, 404, "Review not found")
		waitKinds(t, st, c1, map[string]int{"review_reply": 3, "review_kept": 1, "review_hidden": 1})
		waitKinds(t, st, c2, map[string]int{"review_kept": 1, "review_hidden": 1})
		// The provider's report was closed by the keep: the hide tells them nothing.
		waitKinds(t, st, p, map[string]int{"review_kept": 1, "review_hidden": 0})

		r := st.Get(t, "/stats", "").ExpectStatus(t, 200)
		if string(r.Raw) != `{"success":true,"data":{"bookings":4,"businesses":1,"averageRating":5,"ratingCount":1,"completedShare":67}}` {
			t.Fatalf("GET /stats after the hide: %s", r.Raw)
		}
	})

	t.Run("testimonials: recent visible 5-star reviews, no email", func(t *testing.T) {
		r := st.Get(t, "/reviews/testimonials", "").ExpectStatus(t, 200)
		got := reviewList(r)
		if len(got) != 1 || got[0].id != high || got[0].displayName != "Asha K." || got[0].email != "" ||
			r.Header.Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("testimonials: %s (%s)", r.Raw, r.Header.Get("Cache-Control"))
		}
	})
}

// waitRating waits until catalog-svc's aggregate of serviceID is want.
func waitRating(t *testing.T, st *stacktest.Stack, serviceID, want string) {
	t.Helper()
	var got string
	if !stacktest.Poll(t.Context(), 10*time.Second, func() bool {
		s := st.Get(t, "/services/"+serviceID, "").ExpectStatus(t, 200)
		got = fmt.Sprintf("avgRating=%v totalReviews=%v", s.Field("service.avgRating"), s.Field("service.totalReviews"))
		return got == want
	}) {
		t.Fatalf("service rating %s, want %s", got, want)
	}
}

// waitKinds waits until u has exactly want[kind] notifications of each
// kind named (others are not counted).
func waitKinds(t *testing.T, st *stacktest.Stack, u stacktest.User, want map[string]int) {
	t.Helper()
	var got map[string]int
	if !stacktest.Poll(t.Context(), 15*time.Second, func() bool {
		ns, _ := notes(t, st, u)
		got = map[string]int{}
		for _, n := range ns {
			if _, ok := want[n.kind]; ok {
				got[n.kind]++
			}
		}
		return fmt.Sprint(got) == fmt.Sprint(nonZero(want))
	}) {
		t.Fatalf("%s's notifications: got %v, want %v", u.Email, got, want)
	}
}

func nonZero(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		if v != 0 {
			out[k] = v
		}
	}
	return out
}

// replyOf is "text — business" of review id's reply in a list, "" without one.
func replyOf(r *stacktest.Response, id string) string {
	list, _ := r.Field("data").([]any)
	for _, x := range list {
		m := x.(map[string]any)
		if m["_id"] != id {
			continue
		}
		reply, _ := m["reply"].(map[string]any)
		if reply == nil {
			return ""
		}
		return reply["text"].(string) + " — " + reply["businessName"].(string)
	}
	return "absent"
}
