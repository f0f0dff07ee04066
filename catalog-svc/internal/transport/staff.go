package transport

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// StaffAnswer is a team call's result and what to tell the provider.
type StaffAnswer struct {
	Member  catalog.Member
	Message string
	Created bool
}

// StaffPatch is PATCH /providers/me/staff/{id}.
type StaffPatch struct {
	ID    string
	Patch catalog.MemberPatch
}

// StaffClosure is POST /providers/me/staff/{id}/closures.
type StaffClosure struct {
	ID      string
	Closure catalog.NewClosure
}

// StaffClosureID is DELETE /providers/me/staff/{id}/closures/{closureId}.
type StaffClosureID struct {
	ID, ClosureID string
}

func makeListStaff(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, _ struct{}) ([]catalog.Member, error) {
		return s.Staff(ctx, c)
	})
}

func makeCreateStaff(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, in catalog.NewMember) (StaffAnswer, error) {
		m, err := s.AddMember(ctx, c, in)
		return StaffAnswer{Member: m, Message: catalog.MsgStaffAdded, Created: true}, err
	})
}

func makeUpdateStaff(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, p StaffPatch) (StaffAnswer, error) {
		m, err := s.UpdateMember(ctx, c, p.ID, p.Patch)
		return StaffAnswer{Member: m, Message: catalog.MsgStaffUpdated}, err
	})
}

func makeDeleteStaff(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, id string) (struct{}, error) {
		return struct{}{}, s.RemoveMember(ctx, c, id)
	})
}

func makeAddStaffClosure(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, r StaffClosure) (StaffAnswer, error) {
		m, err := s.AddMemberClosure(ctx, c, r.ID, r.Closure)
		return StaffAnswer{Member: m, Message: catalog.MsgClosureAdded, Created: true}, err
	})
}

func makeDeleteStaffClosure(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, r StaffClosureID) (StaffAnswer, error) {
		m, err := s.DeleteMemberClosure(ctx, c, r.ID, r.ClosureID)
		return StaffAnswer{Member: m, Message: catalog.MsgClosureRemoved}, err
	})
}

func makeGetServiceStaff(s catalog.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, serviceID string) ([]catalog.Member, error) {
		return s.ServiceStaff(ctx, serviceID)
	})
}

func decodeCreateStaff(_ context.Context, req *catalogv1.CreateStaffRequest) catalog.NewMember {
	return catalog.NewMember{Name: req.GetName(), Email: req.GetEmail(), ServiceIDs: req.GetServiceIds(), Hours: hoursDomain(req.GetHours())}
}

func decodeUpdateStaff(_ context.Context, req *catalogv1.UpdateStaffRequest) StaffPatch {
	return StaffPatch{ID: req.GetId(), Patch: catalog.MemberPatch{Name: req.Name, Email: req.Email,
		ServiceIDs: req.GetServiceIds(), Hours: hoursDomain(req.GetHours())}}
}

func decodeDeleteStaff(_ context.Context, req *catalogv1.DeleteStaffRequest) string {
	return req.GetId()
}

func decodeAddStaffClosure(_ context.Context, req *catalogv1.AddStaffClosureRequest) StaffClosure {
	return StaffClosure{ID: req.GetId(), Closure: catalog.NewClosure{From: req.GetFrom(), To: req.GetTo(), Note: req.GetNote()}}
}

func decodeDeleteStaffClosure(_ context.Context, req *catalogv1.DeleteStaffClosureRequest) StaffClosureID {
	return StaffClosureID{ID: req.GetId(), ClosureID: req.GetClosureId()}
}

func decodeGetServiceStaff(_ context.Context, req *catalogv1.GetServiceStaffRequest) string {
	return req.GetServiceId()
}

func encodeStaffList(_ context.Context, list []catalog.Member) *catalogv1.StaffListResponse {
	return &catalogv1.StaffListResponse{Success: true, Data: membersProto(list)}
}

// encodeStaff answers a team change; an added member or day off is 201.
func encodeStaff(ctx context.Context, a StaffAnswer) *catalogv1.StaffResponse {
	if a.Created {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return &catalogv1.StaffResponse{Success: true, Data: memberProto(a.Member), Message: a.Message}
}

func encodeDeleteStaff(context.Context, struct{}) *catalogv1.DeleteStaffResponse {
	return &catalogv1.DeleteStaffResponse{Success: true, Message: catalog.MsgStaffRemoved}
}

func decodeGetServicesStaff(_ context.Context, req *catalogv1.GetServicesStaffRequest) []string {
	return req.GetServiceIds()
}

func encodeServicesStaff(_ context.Context, list []catalog.Member) *catalogv1.GetServicesStaffResponse {
	return &catalogv1.GetServicesStaffResponse{Staff: membersProto(list)}
}

func encodeServiceStaff(_ context.Context, list []catalog.Member) *catalogv1.GetServiceStaffResponse {
	return &catalogv1.GetServiceStaffResponse{Staff: membersProto(list)}
}

func hoursDomain(list []*catalogv1.WorkingHours) []catalog.WorkingHours {
	out := make([]catalog.WorkingHours, len(list))
	for i, h := range list {
		out[i] = catalog.WorkingHours{Weekday: int(h.GetWeekday()), From: h.GetFrom(), To: h.GetTo()}
	}
	return out
}

func membersProto(list []catalog.Member) []*catalogv1.StaffMember {
	out := make([]*catalogv1.StaffMember, len(list))
	for i, m := range list {
		out[i] = memberProto(m)
	}
	return out
}

func memberProto(m catalog.Member) *catalogv1.StaffMember {
	hours := make([]*catalogv1.WorkingHours, len(m.Hours))
	for i, h := range m.Hours {
		hours[i] = &catalogv1.WorkingHours{Weekday: int32(h.Weekday), From: h.From, To: h.To}
	}
	ids := m.ServiceIDs
	if ids == nil {
		ids = []string{}
	}
	return &catalogv1.StaffMember{Id: m.ID, Name: m.Name, Email: m.Email, IsOwner: m.IsOwner, ServiceIds: ids,
		Hours: hours, Closures: closuresProto(m.Closures)}
}

func staffRefsProto(list []catalog.StaffRef) []*catalogv1.StaffRef {
	out := make([]*catalogv1.StaffRef, len(list))
	for i, r := range list {
		out[i] = &catalogv1.StaffRef{Id: r.ID, Name: r.Name}
	}
	return out
}
