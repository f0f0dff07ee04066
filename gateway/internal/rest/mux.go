package rest

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// Backends are the connections to the five services.
type Backends struct {
	Auth, Catalog, Booking, Review, Notification *grpc.ClientConn
}

// forwardedHeaders reach the services as gRPC metadata (grpc-gateway
// forwards Authorization itself, as "authorization").
var forwardedHeaders = map[string]bool{grpcx.IdempotencyKeyHeader: true}

// newMux registers every REST route of the contract.
func newMux(ctx context.Context, b Backends, trustedProxies int, log *slog.Logger) (*runtime.ServeMux, error) {
	m := newJSONMarshaler()
	mux := runtime.NewServeMux(
		// HttpBody answers (calendar files) go out as their bytes and type.
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{Marshaler: m}),
		runtime.WithErrorHandler(errorHandler(log)),
		runtime.WithRoutingErrorHandler(handleRoutingError),
		runtime.WithForwardResponseOption(setHTTPStatus),
		runtime.WithForwardResponseRewriter(withNextAvailable(bookingv1.NewBookingInternalClient(b.Booking), log)),
		runtime.WithOutgoingHeaderMatcher(func(string) (string, bool) { return "", false }),
		// Only what a service reads crosses the hop. The default matcher also
		// sent User-Agent, Content-Type, Accept and a second copy of the
		// token, each HPACK-encoded on every call.
		runtime.WithIncomingHeaderMatcher(func(k string) (string, bool) {
			k = strings.ToLower(k)
			return k, forwardedHeaders[k]
		}),
		runtime.WithMetadata(func(ctx context.Context, r *http.Request) metadata.MD {
			// Name the request span after the route template, not just "GET".
			if pattern, ok := runtime.HTTPPathPattern(ctx); ok {
				trace.SpanFromContext(ctx).SetName(r.Method + " " + pattern)
				metrics.SetRoute(r.Context(), pattern)
			}
			return metadata.Pairs(grpcx.ClientIPKey, ClientIP(r, trustedProxies))
		}),
	)
	regs := []error{
		authv1.RegisterAuthServiceHandler(ctx, mux, b.Auth),
		catalogv1.RegisterCatalogServiceHandler(ctx, mux, b.Catalog),
		bookingv1.RegisterBookingServiceHandler(ctx, mux, b.Booking),
		reviewv1.RegisterReviewServiceHandler(ctx, mux, b.Review),
		notificationv1.RegisterNotificationServiceHandler(ctx, mux, b.Notification),
	}
	for _, err := range regs {
		if err != nil {
			return nil, err
		}
	}
	return mux, nil
}

// setHTTPStatus applies the status a service asked for (201 on create).
func setHTTPStatus(ctx context.Context, w http.ResponseWriter, _ proto.Message) error {
	md, ok := runtime.ServerMetadataFromContext(ctx)
	if !ok {
		return nil
	}
	if vals := md.HeaderMD.Get(grpcx.HTTPCodeHeader); len(vals) > 0 {
		if code, err := strconv.Atoi(vals[0]); err == nil {
			w.WriteHeader(code)
		}
	}
	return nil
}
