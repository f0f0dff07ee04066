package integration

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// serviceForm is a valid POST /services body, as the Add Service modal sends it.
func serviceForm(name, category string) map[string]any {
	return map[string]any{
		"name": name, "category": category, "description": "Thorough and friendly", "price": 499, "duration": 30,
		"provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"imageUrl": "https://img.example/dental.png", "timeSlots": []string{"09:00", "09:30", "10:00"},
	}
}

func TestCatalogServiceFormRules(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	cases := []struct {
		name string
		mod  func(map[string]any)
		msg  string
	}{
		{"name", func(b map[string]any) { b["name"] = "  " }, "Service name is required"},
		{"name first", func(b map[string]any) { delete(b, "name"); delete(b, "description"); delete(b, "price") }, "Service name is required"},
		{"description", func(b map[string]any) { b["description"] = "" }, "Description is required"},
		{"company", func(b map[string]any) { delete(b, "provider") }, "Company name is required"},
		{"location missing", func(b map[string]any) { b["location"] = "" }, "Address is required"},
		{"address part empty", func(b map[string]any) { b["location"] = ", Bengaluru" }, "Address is required"},
		{"city missing", func(b map[string]any) { b["location"] = "12 MG Road" }, "City is required"},
		{"city part empty", func(b map[string]any) { b["location"] = "12 MG Road, " }, "City is required"},
		{"contact", func(b map[string]any) { b["contact"] = " " }, "Contact is required"},
		{"contact 9 digits", func(b map[string]any) { b["contact"] = "987654321" }, "Enter a valid email or 10-digit phone number"},
		{"contact bad email", func(b map[string]any) { b["contact"] = "desk@clinic" }, "Enter a valid email or 10-digit phone number"},
		{"price missing", func(b map[string]any) { delete(b, "price") }, "Price must be a positive number"},
		{"price negative", func(b map[string]any) { b["price"] = -1 }, "Price must be a positive number"},
		{"duration missing", func(b map[string]any) { delete(b, "duration") }, "Duration must be at least 5 minutes"},
		{"duration 4", func(b map[string]any) { b["duration"] = 4 }, "Duration must be at least 5 minutes"},
		{"category", func(b map[string]any) { b["category"] = "" }, "Category is required"},
		{"image url", func(b map[string]any) { b["imageUrl"] = "not a url" }, "Enter a valid image URL"},
		{"image url scheme", func(b map[string]any) { b["imageUrl"] = "javascript:alert(1)" }, "Enter a valid image URL"},
		{"no slots", func(b map[string]any) { b["timeSlots"] = []string{} }, "At least one time slot is required"},
		{"slot missing", func(b map[string]any) { delete(b, "timeSlots") }, "At least one time slot is required"},
		{"slot 12-hour", func(b map[string]any) { b["timeSlots"] = []string{"09:00", "9:00 AM"} }, `Invalid time slot "9:00 AM": use 24-hour HH:MM, e.g. 09:30`},
		{"slot out of range", func(b map[string]any) { b["timeSlots"] = []string{"24:00"} }, `Invalid time slot "24:00": use 24-hour HH:MM, e.g. 09:30`},
		// Spec order: contact before price, duration before category, image before slots.
		{"order contact, price", func(b map[string]any) { b["contact"] = "x"; b["price"] = -5 }, "Enter a valid email or 10-digit phone number"},
		{"order duration, category", func(b map[string]any) { b["duration"] = 0; b["category"] = "" }, "Duration must be at least 5 minutes"},
		{"order image, slots", func(b map[string]any) { b["imageUrl"] = "nope"; b["timeSlots"] = []string{} }, "Enter a valid image URL"},
	}
	for _, c := range cases {
		t.Run("create/"+c.name, func(t *testing.T) {
			b := serviceForm("Dental check-up", "Healthcare & Wellness")
			c.mod(b)
			st.Post(t, "/services", p.Token, b).ExpectError(t, http.StatusBadRequest, c.msg)
		})
	}

	id := st.Post(t, "/services", p.Token, serviceForm("Dental check-up", "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated).String("data._id")
	for _, c := range cases {
		t.Run("update/"+c.name, func(t *testing.T) {
			b := serviceForm("Dental check-up", "Healthcare & Wellness")
			c.mod(b)
			st.Patch(t, "/services/"+id, p.Token, b).ExpectError(t, http.StatusBadRequest, c.msg)
		})
	}
	t.Run("a refused update changed nothing", func(t *testing.T) {
		r := st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK)
		if r.String("service.name") != "Dental check-up" || r.Field("service.price") != 499.0 || r.String("service.location") != "12 MG Road, Bengaluru" {
			t.Fatalf("service after refused updates: %s", r.Raw)
		}
	})
	t.Run("wrong JSON type is 400", func(t *testing.T) {
		b := serviceForm("Dental check-up", "Healthcare & Wellness")
		b["price"] = "cheap"
		r := st.Post(t, "/services", p.Token, b)
		if r.Status != http.StatusBadRequest || r.JSON["success"] != false {
			t.Fatalf("wrong type: %d %s", r.Status, r.Raw)
		}
	})
	t.Run("valid edge values", func(t *testing.T) {
		b := serviceForm("  Free consult ", "healthcare and wellness")
		b["price"], b["duration"], b["contact"], b["imageUrl"] = 0, 5, "desk@smile.example", ""
		b["location"] = "4th Cross, Indiranagar ,Bengaluru"
		b["timeSlots"] = []string{"14:00", "9:30", "09:30"}
		r := st.Post(t, "/services", p.Token, b).ExpectStatus(t, http.StatusCreated)
		if r.String("data.name") != "Free consult" || r.Field("data.price") != 0.0 || r.Field("data.duration") != 5.0 ||
			r.String("data.category") != "Healthcare & Wellness" || r.String("data.location") != "4th Cross, Indiranagar, Bengaluru" ||
			r.String("data.imageUrl") != "" || !slices.Equal(strs(r.Field("data.timeSlots")), []string{"09:30", "14:00"}) {
			t.Fatalf("normalised service: %s", r.Raw)
		}
	})
}

func TestCatalogOwnershipAndLifecycle(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	a := st.NewUser(t, "provider")
	b := st.NewUser(t, "provider")
	c := st.NewUser(t, "customer")

	st.Post(t, "/services", "", serviceForm("Dental", "Healthcare & Wellness")).ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
	st.Post(t, "/services", c.Token, serviceForm("Dental", "Healthcare & Wellness")).ExpectError(t, http.StatusForbidden, "Only service providers can manage services")

	created := st.Post(t, "/services", a.Token, serviceForm("Dental check-up", "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated)
	id := created.String("data._id")
	if created.JSON["success"] != true || created.String("message") != "Service created successfully" || id == "" ||
		created.String("data.providerId") != a.ID || created.Field("data.price") != 499.0 || created.Field("data.duration") != 30.0 ||
		created.Field("data.isActive") != true || created.Field("data.avgRating") != 0.0 || created.Field("data.totalReviews") != 0.0 ||
		created.String("data.provider") != "Smile Clinic" || created.String("data.contact") != "9876543210" {
		t.Fatalf("create response: %s", created.Raw)
	}

	got := st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK)
	if got.JSON["success"] != true || !slices.Equal(strs(got.Field("service.timeSlots")), []string{"09:00", "09:30", "10:00"}) {
		t.Fatalf("GET /services/{id}: %s", got.Raw)
	}

	t.Run("another provider cannot touch it", func(t *testing.T) {
		st.Patch(t, "/services/"+id, b.Token, map[string]any{"isActive": false}).ExpectError(t, http.StatusForbidden, "You can only manage your own services")
		st.Patch(t, "/services/"+id, b.Token, serviceForm("Hijacked", "Others")).ExpectError(t, http.StatusForbidden, "You can only manage your own services")
		st.Patch(t, "/services/"+id, b.Token, map[string]any{"name": ""}).ExpectError(t, http.StatusForbidden, "You can only manage your own services")
		st.Delete(t, "/services/"+id, b.Token).ExpectError(t, http.StatusForbidden, "You can only manage your own services")
		st.Patch(t, "/services/"+id, c.Token, map[string]any{"isActive": false}).ExpectError(t, http.StatusForbidden, "Only service providers can manage services")
		st.Delete(t, "/services/"+id, c.Token).ExpectError(t, http.StatusForbidden, "Only service providers can manage services")
		st.Patch(t, "/services/"+id, "", map[string]any{"isActive": false}).ExpectStatus(t, http.StatusUnauthorized)
		st.Delete(t, "/services/"+id, "").ExpectStatus(t, http.StatusUnauthorized)
		r := st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK)
		if r.String("service.name") != "Dental check-up" || r.Field("service.isActive") != true || r.String("service.updatedAt") != created.String("data.updatedAt") {
			t.Fatalf("service was modified: %s", r.Raw)
		}
	})

	t.Run("provider lists", func(t *testing.T) {
		st.Get(t, "/services/provider", "").ExpectStatus(t, http.StatusUnauthorized)
		st.Get(t, "/services/provider", c.Token).ExpectError(t, http.StatusForbidden, "Only service providers can manage services")
		if ids := serviceIDs(st.Get(t, "/services/provider", b.Token).ExpectStatus(t, http.StatusOK)); len(ids) != 0 {
			t.Fatalf("provider B sees %v", ids)
		}
	})

	t.Run("toggle hides from the public list only", func(t *testing.T) {
		r := st.Patch(t, "/services/"+id, a.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
		if r.Field("data.isActive") != false || r.String("data.name") != "Dental check-up" || r.JSON["success"] != true {
			t.Fatalf("toggle: %s", r.Raw)
		}
		if slices.Contains(serviceIDs(st.Get(t, "/services", "")), id) {
			t.Fatal("inactive service in the public list")
		}
		if slices.Contains(serviceIDs(st.Get(t, "/services?category=Healthcare%20%26%20Wellness", "")), id) {
			t.Fatal("inactive service in the category list")
		}
		if r := st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK); r.Field("service.isActive") != false {
			t.Fatalf("GET inactive: %s", r.Raw)
		}
		own := st.Get(t, "/services/provider", a.Token).ExpectStatus(t, http.StatusOK)
		if own.JSON["success"] != true || !slices.Equal(serviceIDs(own), []string{id}) || own.Field("services.0.isActive") != false || own.String("nextCursor") != "" {
			t.Fatalf("own list: %s", own.Raw)
		}
		st.Get(t, "/services/provider?cursor=nope", a.Token).ExpectError(t, http.StatusBadRequest, "This list's cursor is not valid: reload the list")
		st.Get(t, "/services/provider?limit=-1", a.Token).ExpectError(t, http.StatusBadRequest, "limit must not be negative")
	})

	t.Run("full update keeps isActive unless sent", func(t *testing.T) {
		form := serviceForm("Whitening", "beauty")
		form["price"], form["timeSlots"] = 1299.5, []string{"16:00"}
		r := st.Patch(t, "/services/"+id, a.Token, form).ExpectStatus(t, http.StatusOK)
		if r.String("data.name") != "Whitening" || r.String("data.category") != "Beauty & Personal Care" || r.Field("data.price") != 1299.5 ||
			r.Field("data.isActive") != false || r.String("message") != "Service updated successfully" {
			t.Fatalf("full update: %s", r.Raw)
		}
		form["isActive"] = true
		if r := st.Patch(t, "/services/"+id, a.Token, form).ExpectStatus(t, http.StatusOK); r.Field("data.isActive") != true {
			t.Fatalf("full update with isActive: %s", r.Raw)
		}
		if !slices.Contains(serviceIDs(st.Get(t, "/services?category=Beauty%20%26%20Personal%20Care", "")), id) {
			t.Fatal("updated service not listed under its new category")
		}
	})

	t.Run("GetService over gRPC for booking-svc", func(t *testing.T) {
		st.Patch(t, "/services/"+id, a.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
		conn, err := grpcx.Dial(st.GRPCAddrs["catalog-svc"], nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		client := catalogv1.NewCatalogServiceClient(conn)
		resp, err := client.GetService(context.Background(), &catalogv1.GetServiceRequest{Id: id})
		if err != nil {
			t.Fatal(err)
		}
		s := resp.GetService()
		if s.GetProviderId() != a.ID || s.GetName() != "Whitening" || s.GetCategory() != "Beauty & Personal Care" || s.GetIsActive() ||
			s.GetDuration() != 30 || !slices.Equal(s.GetTimeSlots(), []string{"16:00"}) || s.GetLocation() != "12 MG Road, Bengaluru" || s.GetProvider() != "Smile Clinic" {
			t.Fatalf("GetService: %v", s)
		}
		if _, err := client.GetService(context.Background(), &catalogv1.GetServiceRequest{Id: uuid.NewString()}); status.Code(err) != codes.NotFound {
			t.Fatalf("unknown id: %v", err)
		}
		st.Delete(t, "/services/"+id, a.Token).ExpectStatus(t, http.StatusOK)
		if _, err := client.GetService(context.Background(), &catalogv1.GetServiceRequest{Id: id}); status.Code(err) != codes.NotFound {
			t.Fatalf("deleted: %v", err)
		}
	})

	t.Run("deleted is gone everywhere", func(t *testing.T) {
		st.Get(t, "/services/"+id, "").ExpectError(t, http.StatusNotFound, "Service not found")
		st.Get(t, "/services/not-a-uuid", "").ExpectError(t, http.StatusNotFound, "Service not found")
		st.Patch(t, "/services/"+id, a.Token, map[string]any{"isActive": true}).ExpectError(t, http.StatusNotFound, "Service not found")
		st.Delete(t, "/services/"+id, a.Token).ExpectError(t, http.StatusNotFound, "Service not found")
		if slices.Contains(serviceIDs(st.Get(t, "/services", "")), id) || slices.Contains(serviceIDs(st.Get(t, "/services/provider", a.Token)), id) {
			t.Fatal("deleted service still listed")
		}
	})
}

func TestCatalogCategoriesAndSearch(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	// form name → category-page query name (docs/product.md#constants).
	categories := []struct{ form, page string }{
		{"Healthcare & Wellness", "Healthcare & Wellness"},
		{"Beauty & Personal Care", "Beauty & Personal Care"},
		{"Home & Repair Services", "Home Repair"},
		{"Education & Coaching", "Education & Coaching"},
		{"Government / Legal Services", "Government & Legal"},
		{"Automobile Services", "Automobile"},
		{"Retail & Local Businesses", "Retail & Local Businesses"},
		{"Private Events", "Private Events"},
		{"Hotel & Restaurant", "Hotels & Restaurants"},
		{"Others", "Others"},
	}
	want := map[string][]string{} // form name → ids listed under it
	create := func(name, category string) string {
		t.Helper()
		r := st.Post(t, "/services", p.Token, serviceForm(name, category)).ExpectStatus(t, http.StatusCreated)
		return r.String("data._id")
	}
	for _, c := range categories {
		// One created with the form name, one with the page name in lower case.
		want[c.form] = append(want[c.form], create(c.form+" by form name", c.form), create(c.form+" by page name", strings.ToLower(c.page)))
	}
	pet := create("Dog grooming", "Pet Grooming")
	want["Others"] = append(want["Others"], pet)
	hidden := create("Hidden clinic", "Healthcare & Wellness")
	st.Patch(t, "/services/"+hidden, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
	gone := create("Gone clinic", "Healthcare & Wellness")
	st.Delete(t, "/services/"+gone, p.Token).ExpectStatus(t, http.StatusOK)

	list := func(query string) []string {
		t.Helper()
		r := st.Get(t, "/services?"+query, "").ExpectStatus(t, http.StatusOK)
		if r.JSON["success"] != true {
			t.Fatalf("list %s: %s", query, r.Raw)
		}
		return serviceIDs(r)
	}
	for _, c := range categories {
		for _, q := range []string{c.form, c.page, strings.ToUpper(c.page), strings.ToLower(c.form)} {
			t.Run(c.form+"/"+q, func(t *testing.T) {
				got := list("category=" + url.QueryEscape(q))
				if !sameSet(got, want[c.form]) {
					t.Fatalf("?category=%s: %v, want %v", q, got, want[c.form])
				}
			})
		}
		t.Run(c.form+"/stored under the form name", func(t *testing.T) {
			for _, id := range want[c.form] {
				if id == pet {
					continue
				}
				if r := st.Get(t, "/services/"+id, ""); r.String("service.category") != c.form {
					t.Fatalf("category %q, want %q", r.String("service.category"), c.form)
				}
			}
		})
	}
	t.Run("unknown category text is kept and listed under Others and by itself", func(t *testing.T) {
		if r := st.Get(t, "/services/"+pet, ""); r.String("service.category") != "Pet Grooming" {
			t.Fatalf("stored category: %s", r.Raw)
		}
		if got := list("category=pet%20grooming"); !slices.Equal(got, []string{pet}) {
			t.Fatalf("?category=pet grooming: %v", got)
		}
		if got := list("category=Nothing%20Here"); len(got) != 0 {
			t.Fatalf("?category=Nothing Here: %v", got)
		}
	})
	t.Run("all active, newest first, stable", func(t *testing.T) {
		all := list("")
		if len(all) != 21 || all[0] != pet || slices.Contains(all, hidden) || slices.Contains(all, gone) {
			t.Fatalf("public list has %d: %v", len(all), all)
		}
		if again := list(""); !slices.Equal(all, again) {
			t.Fatal("order changed between calls")
		}
		if page := list("limit=5&offset=1"); !slices.Equal(page, all[1:6]) {
			t.Fatalf("page %v, want %v", page, all[1:6])
		}
		st.Get(t, "/services?limit=-1", "").ExpectError(t, http.StatusBadRequest, "limit and offset must not be negative")
	})
	t.Run("name is a case-insensitive substring", func(t *testing.T) {
		if got := list("name=DOG%20GROOM"); !slices.Equal(got, []string{pet}) {
			t.Fatalf("?name=DOG GROOM: %v", got)
		}
		if got := list("name=by%20page&category=automobile"); !slices.Equal(got, want["Automobile Services"][1:]) {
			t.Fatalf("name+category: %v", got)
		}
		if got := list("name=clinic"); len(got) != 0 {
			t.Fatalf("inactive/deleted matched by name: %v", got)
		}
		if got := list("name=%25"); len(got) != 0 {
			t.Fatalf("%% is matched literally, got %v", got)
		}
	})
}

func TestCatalogReviewRatingsOncePerEvent(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	id := st.Post(t, "/services", p.Token, serviceForm("Dental", "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated).String("data._id")

	const topic = topics.Reviews
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := kafkax.EnsureTopics(ctx, st.Brokers, 3, topic); err != nil {
		t.Fatal(err)
	}
	w := kafkax.NewWriter(st.Brokers)
	w.MaxAttempts = 5
	defer w.Close()
	review := func(eventID string, rating int32) kafka.Message {
		raw, err := proto.Marshal(&eventsv1.ReviewEvent{EventId: eventID, Type: "created", OccurredAt: timestamppb.Now(),
			ReviewId: uuid.NewString(), AppointmentId: uuid.NewString(), ServiceId: id, CustomerId: uuid.NewString(), Rating: rating})
		if err != nil {
			t.Fatal(err)
		}
		return kafka.Message{Topic: topic, Key: []byte(id), Value: raw}
	}
	first := uuid.NewString()
	// The same event twice (a redelivery), then a second review; one key,
	// one partition, so once the second shows, the duplicate was consumed.
	for _, m := range []kafka.Message{review(first, 5), review(first, 5), review(uuid.NewString(), 4)} {
		if err := w.WriteMessages(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	var r *stacktest.Response
	if !stacktest.Poll(t.Context(), 20*time.Second, func() bool {
		r = st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK)
		return r.Field("service.totalReviews") != 0.0 && r.Field("service.avgRating") != 5.0
	}) {
		t.Fatalf("reviews not applied: %s", r.Raw)
	}
	if r.Field("service.totalReviews") != 2.0 || r.Field("service.avgRating") != 4.5 {
		t.Fatalf("after 5, 5 (same event) and 4: %s; want totalReviews 2, avgRating 4.5", r.Raw)
	}
	for _, path := range []string{"/services", "/services/provider"} {
		l := st.Get(t, path, p.Token)
		if l.Field("services.0.totalReviews") != 2.0 || l.Field("services.0.avgRating") != 4.5 {
			t.Fatalf("%s: %s", path, l.Raw)
		}
	}
}

func serviceIDs(r *stacktest.Response) []string {
	list, _ := r.Field("services").([]any)
	ids := []string{}
	for _, s := range list {
		if m, ok := s.(map[string]any); ok {
			id, _ := m["_id"].(string)
			ids = append(ids, id)
		}
	}
	return ids
}

func strs(v any) []string {
	list, _ := v.([]any)
	out := []string{}
	for _, s := range list {
		str, _ := s.(string)
		out = append(out, str)
	}
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(a, b)
}
