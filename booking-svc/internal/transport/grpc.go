package transport

import (
	"context"
	"net/http"
	"time"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/grpcx"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// GRPCServer is the gRPC transport of the booking domain.
type GRPCServer struct {
	bookingv1.UnimplementedBookingServiceServer
	book, get, listMine, listProvider, providerStatus, customerStatus, reschedule, availability kitgrpc.Handler
	loc                                                                                         *time.Location
}

// NewGRPCServer decodes protobuf requests into domain inputs and back; loc
// is the business zone availability dates are written in.
func NewGRPCServer(e Endpoints, loc *time.Location) *GRPCServer {
	h := func(ep func(context.Context, any) (any, error), dec kitgrpc.DecodeRequestFunc, enc kitgrpc.EncodeResponseFunc) kitgrpc.Handler {
		return kitgrpc.NewServer(ep, dec, enc)
	}
	s := &GRPCServer{loc: loc}
	s.book = h(e.Book, decodeBook, encodeWith("Appointment booked successfully"))
	s.get = h(e.Get, func(_ context.Context, r any) (any, error) { return r.(*bookingv1.GetAppointmentRequest).GetId(), nil }, encodeWith(""))
	s.listMine = h(e.ListMine, grpcx.Passthrough, encodeList)
	s.listProvider = h(e.ListForProvider, grpcx.Passthrough, encodeList)
	s.providerStatus = h(e.SetProviderStatus, decodeStatus, encodeWith("Appointment status updated"))
	s.customerStatus = h(e.SetCustomerStatus, decodeStatus, encodeWith("Appointment cancelled successfully"))
	s.reschedule = h(e.Reschedule, decodeReschedule, encodeWith("Appointment rescheduled successfully"))
	s.availability = h(e.Availability, decodeAvailability, s.encodeAvailability)
	return s
}

func (s *GRPCServer) CreateAppointment(ctx context.Context, req *bookingv1.CreateAppointmentRequest) (*bookingv1.AppointmentResponse, error) {
	resp, err := grpcx.Serve[*bookingv1.AppointmentResponse](ctx, s.book, req)
	if err == nil {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return resp, err
}

func (s *GRPCServer) ListMyAppointments(ctx context.Context, req *bookingv1.ListMyAppointmentsRequest) (*bookingv1.ListAppointmentsResponse, error) {
	return grpcx.Serve[*bookingv1.ListAppointmentsResponse](ctx, s.listMine, req)
}

func (s *GRPCServer) GetAppointment(ctx context.Context, req *bookingv1.GetAppointmentRequest) (*bookingv1.AppointmentResponse, error) {
	return grpcx.Serve[*bookingv1.AppointmentResponse](ctx, s.get, req)
}

func (s *GRPCServer) ListProviderAppointments(ctx context.Context, req *bookingv1.ListProviderAppointmentsRequest) (*bookingv1.ListAppointmentsResponse, error) {
	return grpcx.Serve[*bookingv1.ListAppointmentsResponse](ctx, s.listProvider, req)
}

func (s *GRPCServer) UpdateProviderStatus(ctx context.Context, req *bookingv1.UpdateStatusRequest) (*bookingv1.AppointmentResponse, error) {
	return grpcx.Serve[*bookingv1.AppointmentResponse](ctx, s.providerStatus, req)
}

func (s *GRPCServer) UpdateCustomerStatus(ctx context.Context, req *bookingv1.UpdateStatusRequest) (*bookingv1.AppointmentResponse, error) {
	return grpcx.Serve[*bookingv1.AppointmentResponse](ctx, s.customerStatus, req)
}

func (s *GRPCServer) Reschedule(ctx context.Context, req *bookingv1.RescheduleRequest) (*bookingv1.AppointmentResponse, error) {
	return grpcx.Serve[*bookingv1.AppointmentResponse](ctx, s.reschedule, req)
}

func (s *GRPCServer) GetAvailability(ctx context.Context, req *bookingv1.GetAvailabilityRequest) (*bookingv1.GetAvailabilityResponse, error) {
	return grpcx.Serve[*bookingv1.GetAvailabilityResponse](ctx, s.availability, req)
}

func decodeBook(ctx context.Context, r any) (any, error) {
	req := r.(*bookingv1.CreateAppointmentRequest)
	return BookRequest{
		Booking: booking.NewBooking{
			ServiceID: req.GetServiceId(), Date: req.GetDate(), Time: req.GetTime(), Notes: req.GetNotes(),
			CustomerName: req.GetCustomerName(), CustomerEmail: req.GetCustomerEmail(),
			CustomerPhone: req.GetCustomerPhone(), CustomerAddress: req.GetCustomerAddress(),
		},
		IdempotencyKey: grpcx.IncomingHeader(ctx, grpcx.IdempotencyKeyHeader),
	}, nil
}

func decodeStatus(_ context.Context, r any) (any, error) {
	req := r.(*bookingv1.UpdateStatusRequest)
	return StatusRequest{ID: req.GetId(), Status: req.GetStatus()}, nil
}

func decodeReschedule(_ context.Context, r any) (any, error) {
	req := r.(*bookingv1.RescheduleRequest)
	return RescheduleRequest{ID: req.GetId(), Date: req.GetDate(), Time: req.GetTime()}, nil
}

func decodeAvailability(_ context.Context, r any) (any, error) {
	req := r.(*bookingv1.GetAvailabilityRequest)
	return AvailabilityRequest{ServiceID: req.GetServiceId(), From: req.GetFrom(), Days: int(req.GetDays())}, nil
}

func encodeWith(message string) kitgrpc.EncodeResponseFunc {
	return func(_ context.Context, r any) (any, error) {
		return &bookingv1.AppointmentResponse{Success: true, Message: message, Appointment: appointmentProto(r.(booking.Appointment))}, nil
	}
}

func encodeList(_ context.Context, r any) (any, error) {
	list := r.([]booking.Appointment)
	out := &bookingv1.ListAppointmentsResponse{Success: true, Appointments: make([]*bookingv1.Appointment, 0, len(list))}
	for _, a := range list {
		out.Appointments = append(out.Appointments, appointmentProto(a))
	}
	return out, nil
}

func (s *GRPCServer) encodeAvailability(_ context.Context, r any) (any, error) {
	res := r.(AvailabilityResult)
	out := &bookingv1.GetAvailabilityResponse{Success: true, ServiceId: res.ServiceID, TimeZone: s.loc.String(),
		Days: make([]*bookingv1.DayAvailability, 0, len(res.Days))}
	for _, d := range res.Days {
		day := &bookingv1.DayAvailability{Date: d.Date, Slots: make([]*bookingv1.SlotAvailability, 0, len(d.Slots))}
		for _, sl := range d.Slots {
			day.Slots = append(day.Slots, &bookingv1.SlotAvailability{Time: sl.Time, Available: sl.Available, StartsAt: timestamppb.New(sl.StartsAt)})
		}
		out.Days = append(out.Days, day)
	}
	return out, nil
}

func appointmentProto(a booking.Appointment) *bookingv1.Appointment {
	return &bookingv1.Appointment{
		Id: a.ID, ServiceId: a.ServiceID, ServiceName: a.ServiceName, ServiceCategory: a.ServiceCategory,
		CustomerName: a.CustomerName, CustomerEmail: a.CustomerEmail, CustomerPhone: a.CustomerPhone,
		CustomerAddress: a.CustomerAddress, Date: a.Date, Time: a.Time, StartsAt: timestamppb.New(a.StartsAt),
		Status: a.Status, Provider: a.Provider, Location: a.Location, Notes: a.Notes, HasReviewed: a.HasReviewed,
		CustomerId: a.CustomerID, ProviderId: a.ProviderID, CreatedAt: timestamppb.New(a.CreatedAt), UpdatedAt: timestamppb.New(a.UpdatedAt),
	}
}
