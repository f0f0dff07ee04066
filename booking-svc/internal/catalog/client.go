// Package catalog reads services from catalog-svc over gRPC.
package catalog

import (
	"context"
	"strconv"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Client implements booking.Catalog: every lookup asks catalog-svc, which
// reads its database, so a booking is decided on the service as it is now
// (docs/product.md "Fresh and kept"). Nothing is kept between calls.
type Client struct {
	API catalogv1.CatalogServiceClient
	// Internal is catalog-svc's internal service: a service's members, a member's provider.
	Internal catalogv1.CatalogInternalClient
}

// New returns a client over conn.
func New(conn grpc.ClientConnInterface) *Client {
	return &Client{API: catalogv1.NewCatalogServiceClient(conn), Internal: catalogv1.NewCatalogInternalClient(conn)}
}

// Service looks id up. An unknown or malformed id is ErrServiceNotFound; the
// catalogue being unreachable is a 503, never a 500.
func (c *Client) Service(ctx context.Context, id string) (booking.ServiceInfo, error) {
	resp, err := c.API.GetService(ctx, &catalogv1.GetServiceRequest{Id: id})
	switch status.Code(err) {
	case codes.OK:
	case codes.NotFound, codes.InvalidArgument:
		return booking.ServiceInfo{}, booking.ErrServiceNotFound
	case codes.Unavailable, codes.DeadlineExceeded:
		return booking.ServiceInfo{}, apperr.New(apperr.KindUnavailable, "The service catalogue is unavailable, please try again")
	default:
		return booking.ServiceInfo{}, err
	}
	s := resp.GetService()
	if s == nil {
		return booking.ServiceInfo{}, booking.ErrServiceNotFound
	}
	info := booking.ServiceInfo{
		ID: s.GetId(), ProviderID: s.GetProviderId(), Name: s.GetName(), Category: s.GetCategory(),
		Provider: s.GetProvider(), Location: s.GetLocation(), TimeSlots: s.GetTimeSlots(), IsActive: s.GetIsActive(),
		QueueClosed: !s.GetQueueOpen(), Duration: int(s.GetDuration()), Price: s.GetPrice(),
		MinNotice: time.Duration(s.GetMinNoticeMinutes()) * time.Minute,
		Buffer:    time.Duration(s.GetBufferMinutes()) * time.Minute,
	}
	for _, c := range s.GetClosures() {
		info.Closures = append(info.Closures, booking.Closure{From: c.GetFrom(), To: c.GetTo(), Note: c.GetNote()})
	}
	if info.Staff, err = c.staff(ctx, info); err != nil {
		return booking.ServiceInfo{}, err
	}
	return info, nil
}

// OnTeam implements booking.MemberFeeds: catalog-svc, which owns the
// teams, says whose member staffID is (an internal call). A removed or
// unknown member is on no team.
func (c *Client) OnTeam(ctx context.Context, providerID, staffID string) (bool, error) {
	resp, err := c.Internal.GetMemberProvider(ctx, &catalogv1.GetMemberProviderRequest{StaffId: staffID})
	switch status.Code(err) {
	case codes.OK:
		return resp.GetProviderId() == providerID, nil
	case codes.NotFound, codes.InvalidArgument:
		return false, nil
	case codes.Unavailable, codes.DeadlineExceeded, codes.Unimplemented:
		// Unimplemented: an older catalogue during a rollout.
		return false, apperr.New(apperr.KindUnavailable, "The service catalogue is unavailable, please try again")
	default:
		return false, err
	}
}

// staff asks for the members performing svc, with their hours and days
// off (an internal call, docs/adr/0065-staff-schedules-over-an-internal-call.md).
// A catalogue from before teams (Unimplemented, during a rollout) has the
// owner perform everything, as it did.
func (c *Client) staff(ctx context.Context, svc booking.ServiceInfo) ([]booking.Member, error) {
	resp, err := c.Internal.GetServiceStaff(ctx, &catalogv1.GetServiceStaffRequest{ServiceId: svc.ID})
	switch status.Code(err) {
	case codes.OK:
	case codes.Unimplemented:
		return []booking.Member{booking.OwnerOf(svc.ProviderID, svc.Provider)}, nil
	case codes.Unavailable, codes.DeadlineExceeded:
		return nil, apperr.New(apperr.KindUnavailable, "The service catalogue is unavailable, please try again")
	default:
		return nil, err
	}
	out := make([]booking.Member, 0, len(resp.GetStaff()))
	for _, m := range resp.GetStaff() {
		out = append(out, member(m))
	}
	return out, nil
}

// Staff implements booking.Catalog for a listing page: one internal call
// (GetServicesStaff) for the members of every service on it. A catalogue
// from before it (Unimplemented, during a rollout) has each provider's
// owner perform everything, as staff does.
func (c *Client) Staff(ctx context.Context, services []booking.ServiceInfo) (map[string][]booking.Member, error) {
	ids := make([]string, len(services))
	for i, s := range services {
		ids[i] = s.ID
	}
	out := make(map[string][]booking.Member, len(services))
	resp, err := c.Internal.GetServicesStaff(ctx, &catalogv1.GetServicesStaffRequest{ServiceIds: ids})
	switch status.Code(err) {
	case codes.OK:
	case codes.Unimplemented:
		for _, s := range services {
			out[s.ID] = []booking.Member{booking.OwnerOf(s.ProviderID, s.Provider)}
		}
		return out, nil
	case codes.Unavailable, codes.DeadlineExceeded:
		return nil, apperr.New(apperr.KindUnavailable, "The service catalogue is unavailable, please try again")
	default:
		return nil, err
	}
	asked := make(map[string]bool, len(ids))
	for _, id := range ids {
		asked[id] = true
	}
	// The answer is in the service's order (owner first, then by name):
	// appending keeps it for each service.
	for _, m := range resp.GetStaff() {
		member := member(m)
		for _, id := range m.GetServiceIds() {
			if asked[id] {
				out[id] = append(out[id], member)
			}
		}
	}
	return out, nil
}

// member reads a catalogue member: hours as minutes (a malformed entry is
// left out) and days off.
func member(m *catalogv1.StaffMember) booking.Member {
	out := booking.Member{ID: m.GetId(), Name: m.GetName(), Email: m.GetEmail(), IsOwner: m.GetIsOwner()}
	for _, h := range m.GetHours() {
		from, ok1 := clock(h.GetFrom())
		to, ok2 := clock(h.GetTo())
		if ok1 && ok2 && h.GetWeekday() >= 0 && h.GetWeekday() <= 6 {
			out.Hours = append(out.Hours, booking.WorkingHours{Weekday: time.Weekday(h.GetWeekday()), From: from, To: to})
		}
	}
	for _, cl := range m.GetClosures() {
		out.Closures = append(out.Closures, booking.Closure{From: cl.GetFrom(), To: cl.GetTo(), Note: cl.GetNote()})
	}
	return out
}

// clock reads catalog-svc's "HH:MM" (00:00 to 24:00) as minutes.
func clock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h*60+m > 24*60 {
		return 0, false
	}
	return h*60 + m, true
}
