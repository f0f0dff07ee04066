package rest

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// exportTimeout bounds the whole export: four services, the notifications
// a page at a time.
const exportTimeout = 20 * time.Second

// exportPageLimit and exportMaxPages bound the notifications read: the
// service keeps them for a bounded time (docs/product.md "Fresh and kept"),
// so 50 pages of 100 is more than any account holds.
const (
	exportPageLimit = 100
	exportMaxPages  = 50
)

// exportAppointmentPages bounds the appointments read: booking-svc answers
// a page of at most 100 (booking.MaxPageSize), and an export holds at most
// this many, the most recent ones (docs/product.md "Your data").
const exportAppointmentPages = 100

// exportReviewPages bounds the reviews read: review-svc answers a page of
// at most 100 (review.MaxPageSize), newest first; one review per completed
// appointment makes this more than an export holds of those.
const exportReviewPages = 100

// dataExport is the "Download my data" file (GET /auth/export): each part
// in the API's own JSON shape, as the services answer it to the caller.
type dataExport struct {
	ExportedAt    time.Time         `json:"exportedAt"`
	Account       json.RawMessage   `json:"account"`
	Appointments  []json.RawMessage `json:"appointments"`
	Reviews       []json.RawMessage `json:"reviews"`
	Notifications []json.RawMessage `json:"notifications"`
}

// exportHandler composes the caller's data from the services that own it,
// each asked with the caller's own token, so every service applies its
// usual authorization: the gateway holds no data and no privilege.
func exportHandler(b Backends, trustedProxies int, log *slog.Logger) http.Handler {
	auth := authv1.NewAuthServiceClient(b.Auth)
	booking := bookingv1.NewBookingServiceClient(b.Booking)
	review := reviewv1.NewReviewInternalClient(b.Review)
	notification := notificationv1.NewNotificationServiceClient(b.Notification)
	m := newJSONMarshaler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		metrics.SetRoute(r.Context(), "/auth/export")
		token := r.Header.Get("Authorization")
		if token == "" {
			WriteError(w, http.StatusUnauthorized, "Sign in to download your data")
			return
		}
		ctx, cancel := context.WithTimeout(callerContext(r, token, trustedProxies), exportTimeout)
		defer cancel()

		out, err := gatherExport(ctx, m, auth, booking, review, notification)
		if err != nil {
			if grpcx.ServerFault(status.Code(err)) && !grpcx.Logged(err) {
				log.ErrorContext(ctx, "request failed", "method", "GET /auth/export", "err", err.Error())
			}
			handleError(ctx, w, err)
			return
		}
		body, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			log.ErrorContext(ctx, "export not encoded", "err", err)
			WriteError(w, http.StatusInternalServerError, "Internal server error")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="slotwise-my-data.json"`)
		_, _ = w.Write(body)
	})
}

func gatherExport(ctx context.Context, m jsonMarshaler, auth authv1.AuthServiceClient, booking bookingv1.BookingServiceClient,
	review reviewv1.ReviewInternalClient, notification notificationv1.NotificationServiceClient) (*dataExport, error) {
	out := &dataExport{ExportedAt: time.Now().UTC(), Appointments: []json.RawMessage{}, Reviews: []json.RawMessage{},
		Notifications: []json.RawMessage{}}
	profile, err := auth.GetProfile(ctx, &authv1.GetProfileRequest{})
	if err != nil {
		return nil, err
	}
	if out.Account, err = m.Marshal(profile.GetUser()); err != nil {
		return nil, err
	}

	appts, err := allAppointments(ctx, booking, profile.GetUser().GetRole() == "provider")
	if err != nil {
		return nil, err
	}
	if err := appendAll(m, &out.Appointments, appts); err != nil {
		return nil, err
	}

	reviews, err := allReviews(ctx, review)
	if err != nil {
		return nil, err
	}
	if err := appendAll(m, &out.Reviews, reviews); err != nil {
		return nil, err
	}

	for page := int32(1); page <= exportMaxPages; page++ {
		n, err := notification.ListNotifications(ctx, &notificationv1.ListNotificationsRequest{Page: page, Limit: exportPageLimit})
		if err != nil {
			return nil, err
		}
		if err := appendAll(m, &out.Notifications, n.GetNotifications()); err != nil {
			return nil, err
		}
		if len(n.GetNotifications()) < exportPageLimit {
			break
		}
	}
	return out, nil
}

func appendAll[T proto.Message](m jsonMarshaler, dst *[]json.RawMessage, items []T) error {
	for _, it := range items {
		b, err := m.Marshal(it)
		if err != nil {
			return err
		}
		*dst = append(*dst, b)
	}
	return nil
}

// callerContext is r's context with what the gateway's own routes send on
// to the services: the caller's token and address (as newMux's matchers do
// for the contract's routes).
func callerContext(r *http.Request, token string, trustedProxies int) context.Context {
	return metadata.NewOutgoingContext(r.Context(), metadata.Pairs("authorization", token, grpcx.ClientIPKey, ClientIP(r, trustedProxies)))
}

// allReviews pages through the caller's own reviews, newest first, while
// exportReviewPages allows.
func allReviews(ctx context.Context, review reviewv1.ReviewInternalClient) ([]*reviewv1.Review, error) {
	var out []*reviewv1.Review
	cursor := ""
	for range exportReviewPages {
		p, err := review.ListMyReviews(ctx, &reviewv1.ListMyReviewsRequest{Cursor: cursor, Limit: exportPageLimit})
		if err != nil {
			return nil, err
		}
		out = append(out, p.GetData()...)
		if cursor = p.GetNextCursor(); cursor == "" {
			break
		}
	}
	return out, nil
}

// allAppointments pages through the caller's appointments, oldest first:
// from the window's first page forward to the last, then back through the
// earlier ones while exportAppointmentPages allows.
func allAppointments(ctx context.Context, booking bookingv1.BookingServiceClient, provider bool) ([]*bookingv1.Appointment, error) {
	page := func(cursor string) (*bookingv1.ListAppointmentsResponse, error) {
		if provider {
			return booking.ListProviderAppointments(ctx, &bookingv1.ListProviderAppointmentsRequest{Cursor: cursor, Limit: exportPageLimit})
		}
		return booking.ListMyAppointments(ctx, &bookingv1.ListMyAppointmentsRequest{Cursor: cursor, Limit: exportPageLimit})
	}
	first, err := page("")
	if err != nil {
		return nil, err
	}
	later := first.GetAppointments()
	pages := 1
	for next := first.GetNextCursor(); next != "" && pages < exportAppointmentPages; pages++ {
		p, err := page(next)
		if err != nil {
			return nil, err
		}
		later = append(later, p.GetAppointments()...)
		next = p.GetNextCursor()
	}
	var earlier [][]*bookingv1.Appointment
	for cursor := first.GetEarlierCursor(); cursor != "" && pages < exportAppointmentPages; pages++ {
		p, err := page(cursor)
		if err != nil {
			return nil, err
		}
		earlier = append(earlier, p.GetAppointments())
		cursor = p.GetEarlierCursor()
	}
	var out []*bookingv1.Appointment
	for i := len(earlier) - 1; i >= 0; i-- {
		out = append(out, earlier[i]...)
	}
	return append(out, later...), nil
}
