package transport

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

type (
	appointmentHandler[PB any] = kit.Handler[PB, *bookingv1.AppointmentResponse]
	listHandler[PB any]        = kit.Handler[PB, *bookingv1.ListAppointmentsResponse]
	calendarHandler[PB any]    = kit.Handler[PB, *httpbody.HttpBody]
	feedHandler[PB any]        = kit.Handler[PB, *bookingv1.CalendarFeedResponse]
)

// GRPCServer is the gRPC transport of the booking domain, BookingService and
// BookingInternal on one server: each method runs its endpoint between a
// decoder and an encoder.
type GRPCServer struct {
	bookingv1.UnimplementedBookingServiceServer
	bookingv1.UnimplementedBookingInternalServer
	createAppointment        appointmentHandler[*bookingv1.CreateAppointmentRequest]
	getAppointment           appointmentHandler[*bookingv1.GetAppointmentRequest]
	listMyAppointments       listHandler[*bookingv1.ListMyAppointmentsRequest]
	listProviderAppointments listHandler[*bookingv1.ListProviderAppointmentsRequest]
	updateProviderStatus     appointmentHandler[*bookingv1.UpdateStatusRequest]
	updateCustomerStatus     appointmentHandler[*bookingv1.UpdateStatusRequest]
	reschedule               appointmentHandler[*bookingv1.RescheduleRequest]
	reassign                 appointmentHandler[*bookingv1.ReassignRequest]
	getAvailability          kit.Handler[*bookingv1.GetAvailabilityRequest, *bookingv1.GetAvailabilityResponse]
	appointmentCalendar      calendarHandler[*bookingv1.GetAppointmentRequest]
	calendarFeed             calendarHandler[*bookingv1.CalendarFeedRequest]
	getCalendarFeed          feedHandler[*bookingv1.GetCalendarFeedRequest]
	resetCalendarFeed        feedHandler[*bookingv1.ResetCalendarFeedRequest]
	getStaffCalendarFeed     feedHandler[*bookingv1.StaffCalendarFeedRequest]
	resetStaffCalendarFeed   feedHandler[*bookingv1.StaffCalendarFeedRequest]
	analytics                kit.Handler[*bookingv1.GetProviderAnalyticsRequest, *bookingv1.ProviderAnalyticsResponse]
	nextAvailable            kit.Handler[*bookingv1.NextAvailableRequest, *bookingv1.NextAvailableResponse]
	bookingStats             kit.Handler[*bookingv1.BookingStatsRequest, *bookingv1.BookingStatsResponse]
}

var (
	_ bookingv1.BookingServiceServer  = (*GRPCServer)(nil)
	_ bookingv1.BookingInternalServer = (*GRPCServer)(nil)
)

// NewGRPCServer serves set; loc is the business zone availability dates and
// calendar files are written in, now the clock that stamps the files.
func NewGRPCServer(set Set, loc *time.Location, now func() time.Time) *GRPCServer {
	return &GRPCServer{
		createAppointment:        kit.NewHandler(set.CreateAppointment, decodeCreateAppointment, encodeCreated),
		getAppointment:           kit.NewHandler(set.GetAppointment, decodeGetAppointment, encodeAppointment("")),
		listMyAppointments:       kit.NewHandler(set.ListMyAppointments, decodeMyList, encodeList),
		listProviderAppointments: kit.NewHandler(set.ListProviderAppointments, decodeProviderList, encodeList),
		updateProviderStatus:     kit.NewHandler(set.UpdateProviderStatus, decodeStatus, encodeAppointment("Appointment status updated")),
		updateCustomerStatus:     kit.NewHandler(set.UpdateCustomerStatus, decodeStatus, encodeAppointment("Appointment cancelled successfully")),
		reschedule:               kit.NewHandler(set.Reschedule, decodeReschedule, encodeAppointment("Appointment rescheduled successfully")),
		reassign:                 kit.NewHandler(set.ReassignAppointment, decodeReassign, encodeReassigned),
		getAvailability:          kit.NewHandler(set.GetAvailability, decodeAvailability, encodeAvailability(loc)),
		appointmentCalendar:      kit.NewHandler(set.GetAppointmentCalendar, decodeGetAppointment, encodeCalendar("Slotwise appointment", loc, now)),
		calendarFeed:             kit.NewHandler(set.CalendarFeed, decodeCalendarFeed, encodeCalendar("Slotwise appointments", loc, now)),
		getCalendarFeed:          kit.NewHandler(set.GetCalendarFeed, kit.NoRequest[*bookingv1.GetCalendarFeedRequest], encodeFeed),
		resetCalendarFeed:        kit.NewHandler(set.ResetCalendarFeed, kit.NoRequest[*bookingv1.ResetCalendarFeedRequest], encodeFeed),
		getStaffCalendarFeed:     kit.NewHandler(set.GetStaffCalendarFeed, decodeStaffFeed, encodeFeed),
		resetStaffCalendarFeed:   kit.NewHandler(set.ResetStaffCalendarFeed, decodeStaffFeed, encodeFeed),
		analytics:                kit.NewHandler(set.GetProviderAnalytics, decodeAnalytics, encodeAnalytics),
		nextAvailable:            kit.NewHandler(set.NextAvailable, decodeNextAvailable, encodeNextAvailable),
		bookingStats:             kit.NewHandler(set.BookingStats, kit.NoRequest[*bookingv1.BookingStatsRequest], encodeBookingStats),
	}
}

func (s *GRPCServer) CreateAppointment(ctx context.Context, req *bookingv1.CreateAppointmentRequest) (*bookingv1.AppointmentResponse, error) {
	return s.createAppointment.Serve(ctx, req)
}

func (s *GRPCServer) GetAppointment(ctx context.Context, req *bookingv1.GetAppointmentRequest) (*bookingv1.AppointmentResponse, error) {
	return s.getAppointment.Serve(ctx, req)
}

func (s *GRPCServer) ListMyAppointments(ctx context.Context, req *bookingv1.ListMyAppointmentsRequest) (*bookingv1.ListAppointmentsResponse, error) {
	return s.listMyAppointments.Serve(ctx, req)
}

func (s *GRPCServer) ListProviderAppointments(ctx context.Context, req *bookingv1.ListProviderAppointmentsRequest) (*bookingv1.ListAppointmentsResponse, error) {
	return s.listProviderAppointments.Serve(ctx, req)
}

func (s *GRPCServer) UpdateProviderStatus(ctx context.Context, req *bookingv1.UpdateStatusRequest) (*bookingv1.AppointmentResponse, error) {
	return s.updateProviderStatus.Serve(ctx, req)
}

func (s *GRPCServer) UpdateCustomerStatus(ctx context.Context, req *bookingv1.UpdateStatusRequest) (*bookingv1.AppointmentResponse, error) {
	return s.updateCustomerStatus.Serve(ctx, req)
}

func (s *GRPCServer) Reschedule(ctx context.Context, req *bookingv1.RescheduleRequest) (*bookingv1.AppointmentResponse, error) {
	return s.reschedule.Serve(ctx, req)
}

func (s *GRPCServer) ReassignAppointment(ctx context.Context, req *bookingv1.ReassignRequest) (*bookingv1.AppointmentResponse, error) {
	return s.reassign.Serve(ctx, req)
}

func (s *GRPCServer) GetAvailability(ctx context.Context, req *bookingv1.GetAvailabilityRequest) (*bookingv1.GetAvailabilityResponse, error) {
	return s.getAvailability.Serve(ctx, req)
}

func (s *GRPCServer) GetAppointmentCalendar(ctx context.Context, req *bookingv1.GetAppointmentRequest) (*httpbody.HttpBody, error) {
	return s.appointmentCalendar.Serve(ctx, req)
}

func (s *GRPCServer) CalendarFeed(ctx context.Context, req *bookingv1.CalendarFeedRequest) (*httpbody.HttpBody, error) {
	return s.calendarFeed.Serve(ctx, req)
}

func (s *GRPCServer) GetCalendarFeed(ctx context.Context, req *bookingv1.GetCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.getCalendarFeed.Serve(ctx, req)
}

func (s *GRPCServer) ResetCalendarFeed(ctx context.Context, req *bookingv1.ResetCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.resetCalendarFeed.Serve(ctx, req)
}

func (s *GRPCServer) GetStaffCalendarFeed(ctx context.Context, req *bookingv1.StaffCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.getStaffCalendarFeed.Serve(ctx, req)
}

func (s *GRPCServer) ResetStaffCalendarFeed(ctx context.Context, req *bookingv1.StaffCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.resetStaffCalendarFeed.Serve(ctx, req)
}

func (s *GRPCServer) GetProviderAnalytics(ctx context.Context, req *bookingv1.GetProviderAnalyticsRequest) (*bookingv1.ProviderAnalyticsResponse, error) {
	return s.analytics.Serve(ctx, req)
}

func (s *GRPCServer) NextAvailable(ctx context.Context, req *bookingv1.NextAvailableRequest) (*bookingv1.NextAvailableResponse, error) {
	return s.nextAvailable.Serve(ctx, req)
}

func (s *GRPCServer) BookingStats(ctx context.Context, req *bookingv1.BookingStatsRequest) (*bookingv1.BookingStatsResponse, error) {
	return s.bookingStats.Serve(ctx, req)
}

func decodeMyList(_ context.Context, req *bookingv1.ListMyAppointmentsRequest) booking.PageRequest {
	return booking.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}
}

func decodeProviderList(_ context.Context, req *bookingv1.ListProviderAppointmentsRequest) ProviderListRequest {
	return ProviderListRequest{StaffID: req.GetStaffId(), Page: booking.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}}
}

func decodeReassign(_ context.Context, req *bookingv1.ReassignRequest) ReassignRequest {
	return ReassignRequest{ID: req.GetId(), StaffID: req.GetStaffId()}
}

// encodeReassigned names the member the appointment now is with.
func encodeReassigned(ctx context.Context, a booking.Appointment) *bookingv1.AppointmentResponse {
	return encodeAppointment(booking.ReassignedMessage(a.StaffName))(ctx, a)
}

func decodeCreateAppointment(ctx context.Context, req *bookingv1.CreateAppointmentRequest) BookRequest {
	return BookRequest{
		Booking: booking.NewBooking{
			ServiceID: req.GetServiceId(), Date: req.GetDate(), Time: req.GetTime(), Notes: req.GetNotes(),
			CustomerName: req.GetCustomerName(), CustomerEmail: req.GetCustomerEmail(),
			CustomerPhone: req.GetCustomerPhone(), CustomerAddress: req.GetCustomerAddress(), StaffID: req.GetStaffId(),
		},
		IdempotencyKey: grpcx.IncomingHeader(ctx, grpcx.IdempotencyKeyHeader),
	}
}

func decodeGetAppointment(_ context.Context, req *bookingv1.GetAppointmentRequest) string {
	return req.GetId()
}

func decodeStatus(_ context.Context, req *bookingv1.UpdateStatusRequest) StatusRequest {
	return StatusRequest{ID: req.GetId(), Status: req.GetStatus(), Reason: req.GetReason()}
}

func decodeReschedule(_ context.Context, req *bookingv1.RescheduleRequest) RescheduleRequest {
	return RescheduleRequest{ID: req.GetId(), Date: req.GetDate(), Time: req.GetTime(), StaffID: req.GetStaffId()}
}

// decodeNextAvailable reads the listing's services; they are active and
// take bookings (the gateway asks only about those, from a public listing).
func decodeNextAvailable(_ context.Context, req *bookingv1.NextAvailableRequest) []booking.ServiceInfo {
	out := make([]booking.ServiceInfo, len(req.GetServices()))
	for i, s := range req.GetServices() {
		out[i] = booking.ServiceInfo{ID: s.GetServiceId(), ProviderID: s.GetProviderId(), TimeSlots: s.GetTimeSlots(), IsActive: true,
			MinNotice: time.Duration(s.GetMinNoticeMinutes()) * time.Minute,
			Buffer:    time.Duration(s.GetBufferMinutes()) * time.Minute, Duration: int(s.GetDurationMinutes())}
		for _, c := range s.GetClosedDays() {
			out[i].Closures = append(out[i].Closures, booking.Closure{From: c.GetFrom(), To: c.GetTo()})
		}
	}
	return out
}

func encodeNextAvailable(_ context.Context, next booking.NextSlots) *bookingv1.NextAvailableResponse {
	out := &bookingv1.NextAvailableResponse{Slots: make([]*bookingv1.NextSlot, len(next.Slots))}
	for i, n := range next.Slots {
		out.Slots[i] = &bookingv1.NextSlot{ServiceId: n.ServiceID, Date: n.Date, Time: n.Time, StartsAt: timestamppb.New(n.StartsAt)}
	}
	return out
}

func decodeAvailability(_ context.Context, req *bookingv1.GetAvailabilityRequest) AvailabilityRequest {
	return AvailabilityRequest{ServiceID: req.GetServiceId(), From: req.GetFrom(), Days: int(req.GetDays()), StaffID: req.GetStaffId()}
}

// encodeCreated answers a booking: 201 with its appointment.
func encodeCreated(ctx context.Context, a booking.Appointment) *bookingv1.AppointmentResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return encodeAppointment("Appointment booked successfully")(ctx, a)
}

func encodeAppointment(message string) func(context.Context, booking.Appointment) *bookingv1.AppointmentResponse {
	return func(_ context.Context, a booking.Appointment) *bookingv1.AppointmentResponse {
		return &bookingv1.AppointmentResponse{Success: true, Message: message, Appointment: appointmentProto(a)}
	}
}

func encodeList(_ context.Context, page booking.Page) *bookingv1.ListAppointmentsResponse {
	out := &bookingv1.ListAppointmentsResponse{Success: true, Appointments: make([]*bookingv1.Appointment, 0, len(page.Appointments)),
		NextCursor: page.Next, EarlierCursor: page.Earlier}
	for _, a := range page.Appointments {
		out.Appointments = append(out.Appointments, appointmentProto(a))
	}
	return out
}

func encodeAvailability(loc *time.Location) func(context.Context, Availability) *bookingv1.GetAvailabilityResponse {
	return func(_ context.Context, res Availability) *bookingv1.GetAvailabilityResponse {
		out := &bookingv1.GetAvailabilityResponse{Success: true, ServiceId: res.ServiceID, TimeZone: loc.String(),
			Days: make([]*bookingv1.DayAvailability, 0, len(res.Days))}
		for _, d := range res.Days {
			day := &bookingv1.DayAvailability{Date: d.Date, Closed: d.Closed, ClosedNote: d.ClosedNote,
				Slots: make([]*bookingv1.SlotAvailability, 0, len(d.Slots))}
			for _, sl := range d.Slots {
				day.Slots = append(day.Slots, &bookingv1.SlotAvailability{Time: sl.Time, Available: sl.Available, StartsAt: timestamppb.New(sl.StartsAt)})
			}
			out.Days = append(out.Days, day)
		}
		return out
	}
}

func encodeBookingStats(_ context.Context, st booking.Stats) *bookingv1.BookingStatsResponse {
	return &bookingv1.BookingStatsResponse{Bookings: st.Bookings, Completed: st.Completed, Ended: st.Ended}
}

func appointmentProto(a booking.Appointment) *bookingv1.Appointment {
	return &bookingv1.Appointment{
		Id: a.ID, ServiceId: a.ServiceID, ServiceName: a.ServiceName, ServiceCategory: a.ServiceCategory,
		CustomerName: a.CustomerName, CustomerEmail: a.CustomerEmail, CustomerPhone: a.CustomerPhone,
		CustomerAddress: a.CustomerAddress, Date: a.Date, Time: a.Time, StartsAt: timestamppb.New(a.StartsAt),
		Status: a.Status, Provider: a.Provider, Location: a.Location, Notes: a.Notes, HasReviewed: a.HasReviewed,
		CustomerId: a.CustomerID, ProviderId: a.ProviderID, CreatedAt: timestamppb.New(a.CreatedAt), UpdatedAt: timestamppb.New(a.UpdatedAt),
		AwaitingProvider: a.AwaitingProvider, Reason: a.Reason, CancelledBy: a.CancelledBy,
		StaffId: a.StaffID, StaffName: a.StaffName,
	}
}
