package transport

import (
	"context"
	"net/http"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/grpcx"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

func decodeSetQueue(_ context.Context, req *catalogv1.SetQueueRequest) *bool { return req.Open }

func decodeAddClosure(_ context.Context, req *catalogv1.AddClosureRequest) catalog.NewClosure {
	return catalog.NewClosure{From: req.GetFrom(), To: req.GetTo(), Note: req.GetNote()}
}

func decodeDeleteClosure(_ context.Context, req *catalogv1.DeleteClosureRequest) string {
	return req.GetId()
}

// encodeSchedule answers a schedule call; a new closure is 201.
func encodeSchedule(ctx context.Context, a ScheduleAnswer) *catalogv1.ScheduleResponse {
	if a.Created {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return &catalogv1.ScheduleResponse{Success: true, Message: a.Message,
		Data: &catalogv1.Schedule{QueueOpen: a.Schedule.QueueOpen, Closures: closuresProto(a.Schedule.Closures)}}
}

func closuresProto(list []catalog.Closure) []*catalogv1.Closure {
	out := make([]*catalogv1.Closure, len(list))
	for i, c := range list {
		out[i] = &catalogv1.Closure{Id: c.ID, From: c.From, To: c.To, Note: c.Note}
	}
	return out
}
