package bench

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// drainLimit bounds the wait for a round's consequences.
const drainLimit = time.Minute

// Drained waits, after a round of bookings, until their consequences are
// done (pipelineLeft), and adds that time and the machine's CPU meanwhile
// to l. Without it the work a round left queued ran in the next round,
// often the raw baseline's: a pipeline that fell behind looked faster
// than one that kept up (docs/bench/README.md, fifth session). false: not
// done within drainLimit.
func (e *Env) Drained(ctx context.Context, l Load) (Load, bool) {
	busy0, _ := machineBusy()
	t0 := time.Now()
	first := true
	ok := stacktest.Poll(ctx, drainLimit, func() bool {
		left, err := e.pipelineLeft(ctx)
		if first && err == nil {
			e.Logf("  round of %d bookings left %s", l.Ops, left)
			first = false
		}
		return err == nil && left.idle()
	})
	took := time.Since(t0).Seconds()
	busy1, _ := machineBusy()
	e.Logf("  drained in %.2f s, the machine %.0f %% busy", took, 100*(busy1-busy0)/took/float64(runtime.NumCPU()))
	return l.Drained(took, busy1-busy0), ok
}

// pipelineBacklog is what the bookings made so far still wait for.
type pipelineBacklog struct {
	unpublished, reviewLag, notificationLag, unmailed int64
}

func (b pipelineBacklog) idle() bool { return b == pipelineBacklog{} }

func (b pipelineBacklog) String() string {
	return fmt.Sprintf("%d events unpublished, %d and %d unconsumed by review-svc and notification-svc, %d emails queued",
		b.unpublished, b.reviewLag, b.notificationLag, b.unmailed)
}

// pipelineLeft reads what the bookings made so far still wait for: their
// events published (booking's outbox), consumed by review-svc and
// notification-svc (what their groups have not committed, to the end of
// every partition of the topic) and their emails sent. Read in that
// order, so that nothing is missed between the readings.
func (e *Env) pipelineLeft(ctx context.Context) (pipelineBacklog, error) {
	var b pipelineBacklog
	if err := e.DB.QueryRow(ctx, `SELECT count(*) FROM booking.outbox`).Scan(&b.unpublished); err != nil {
		return b, err
	}
	client := &kafka.Client{Addr: kafka.TCP(e.Broker.Addr), Timeout: 5 * time.Second}
	ends, err := partitionEnds(ctx, client, topics.Appointments)
	if err != nil {
		return b, err
	}
	parts := make([]int, 0, len(ends))
	for p := range ends {
		parts = append(parts, p)
	}
	for group, lag := range map[string]*int64{topics.ReviewAppointmentsGroup: &b.reviewLag, topics.NotificationAppointmentsGroup: &b.notificationLag} {
		offs, err := client.OffsetFetch(ctx, &kafka.OffsetFetchRequest{GroupID: group, Topics: map[string][]int{topics.Appointments: parts}})
		if err != nil {
			return b, err
		}
		if offs.Error != nil {
			return b, offs.Error
		}
		for _, p := range offs.Topics[topics.Appointments] {
			// A group that never committed on a partition has -1.
			*lag += ends[p.Partition] - max(p.CommittedOffset, 0)
		}
	}
	err = e.DB.QueryRow(ctx, `SELECT count(*) FROM notification.emails WHERE status = 'queued'`).Scan(&b.unmailed)
	return b, err
}

// partitionEnds is each partition of topic with its next offset.
func partitionEnds(ctx context.Context, client *kafka.Client, topic string) (map[int]int64, error) {
	meta, err := client.Metadata(ctx, &kafka.MetadataRequest{Topics: []string{topic}})
	if err != nil {
		return nil, err
	}
	if len(meta.Topics) != 1 || meta.Topics[0].Error != nil {
		return nil, fmt.Errorf("kafka: no metadata of %s", topic)
	}
	var reqs []kafka.OffsetRequest
	for _, p := range meta.Topics[0].Partitions {
		reqs = append(reqs, kafka.LastOffsetOf(p.ID))
	}
	resp, err := client.ListOffsets(ctx, &kafka.ListOffsetsRequest{Topics: map[string][]kafka.OffsetRequest{topic: reqs}})
	if err != nil {
		return nil, err
	}
	ends := map[int]int64{}
	for _, p := range resp.Topics[topic] {
		if p.Error != nil {
			return nil, p.Error
		}
		ends[p.Partition] = p.LastOffset
	}
	if len(ends) == 0 {
		return nil, fmt.Errorf("kafka: no partitions of %s", topic)
	}
	return ends, nil
}
