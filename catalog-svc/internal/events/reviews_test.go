package events

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

type fakeDomain struct {
	catalog.Service
	got []catalog.ReviewRating
	err error
}

func (f *fakeDomain) ApplyReview(_ context.Context, r catalog.ReviewRating) (bool, error) {
	f.got = append(f.got, r)
	if f.err != nil {
		return false, f.err
	}
	if r.Rating < 1 || r.Rating > 5 {
		return false, apperr.Invalid("bad rating")
	}
	return true, nil
}

func TestReviewRatingsSkipsWhatCanNeverApplyAndRetriesTheRest(t *testing.T) {
	msg := func(ev *eventsv1.ReviewEvent) kafka.Message {
		raw, _ := proto.Marshal(ev)
		return kafka.Message{Value: raw}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cases := []struct {
		name    string
		msg     kafka.Message
		dbErr   error
		applied int
		wantErr bool
	}{
		{"created", msg(&eventsv1.ReviewEvent{EventId: "e1", Type: "created", ServiceId: "s1", Rating: 4}), nil, 1, false},
		{"undecodable is skipped", kafka.Message{Value: []byte{0xff, 0xff, 0xff}}, nil, 0, false},
		{"other types change nothing", msg(&eventsv1.ReviewEvent{EventId: "e2", Type: "deleted", ServiceId: "s1", Rating: 4}), nil, 0, false},
		{"a reply changes nothing", msg(&eventsv1.ReviewEvent{EventId: "e5", Type: "replied", ServiceId: "s1", Rating: 4}), nil, 0, false},
		{"a kept review changes nothing", msg(&eventsv1.ReviewEvent{EventId: "e6", Type: "kept", ServiceId: "s1", Rating: 4}), nil, 0, false},
		{"a hidden review leaves the aggregate", msg(&eventsv1.ReviewEvent{EventId: "e7", Type: "hidden", ServiceId: "s1", Rating: 4}), nil, 1, false},
		{"invalid rating is skipped", msg(&eventsv1.ReviewEvent{EventId: "e3", Type: "created", ServiceId: "s1", Rating: 9}), nil, 1, false},
		{"database failure is retried", msg(&eventsv1.ReviewEvent{EventId: "e4", Type: "created", ServiceId: "s1", Rating: 4}), errors.New("db down"), 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &fakeDomain{err: c.dbErr}
			err := ReviewRatings(d, log)(context.Background(), c.msg)
			if (err != nil) != c.wantErr || len(d.got) != c.applied {
				t.Fatalf("err %v, applied %d; want err %v, applied %d", err, len(d.got), c.wantErr, c.applied)
			}
			if hidden := c.name == "a hidden review leaves the aggregate"; len(d.got) == 1 && d.got[0].Removed != hidden {
				t.Fatalf("Removed = %v, want %v", d.got[0].Removed, hidden)
			}
		})
	}
}
