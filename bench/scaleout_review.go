package bench

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// reviewConsumers checks that review-svc's replicas share the appointment
// topic's partitions, that a dead replica's partitions move to the other,
// and that every appointment's projection ends exactly at the booking's
// state.
func (e *Env) reviewConsumers(ctx context.Context, d *Drill, split *devstack.Split, slots *Slots, batch int) (string, error) {
	topic := topics.Appointments
	n, err := e.topicPartitions(ctx, topic)
	if err != nil {
		return "", err
	}
	if n < 2 {
		d.fail("%s has %d partition(s): one consumer group cannot spread it over replicas", topic, n)
	}
	reviewers := split.Replicas("review-svc")
	sub := uuid.NewString()
	token := MintToken(e.Key, sub, "customer", time.Hour)
	tokens := []string{token, token, token, token}

	// The group may still be settling right after the replicas started:
	// book in batches until one batch was consumed with the partitions split.
	var owned map[string][]int
	settled := stacktest.Poll(ctx, 60*time.Second, func() bool {
		before, err := consumedPartitions(ctx, reviewers, topic)
		if err != nil {
			return false
		}
		e.bookingLoad(ctx, "", len(tokens), slots.Next(batch), tokens, 0, 30*time.Second, nil)
		if !e.projectionMatches(ctx, 30*time.Second) {
			return false
		}
		after, err := consumedPartitions(ctx, reviewers, topic)
		if err != nil {
			return false
		}
		owned = grew(before, after)
		return splitAcross(owned, n)
	})
	if !settled {
		d.fail("the review-svc replicas did not split %s's %d partitions between them: %v", topic, n, owned)
	}

	victim, survivor := reviewers[0], reviewers[1]
	before, err := consumedPartitions(ctx, []*devstack.Process{survivor}, topic)
	if err != nil {
		return "", err
	}
	victim.Kill()
	killed := time.Now()
	e.Logf("scaleout: %s killed with SIGKILL", victim.Name)
	// New appointments and changes of earlier ones (a newer version each)
	// while the dead replica's partitions wait for the group to move them.
	results := e.bookingLoad(ctx, "", len(tokens), slots.Next(batch), tokens, 0, 30*time.Second, nil)
	cancelled := 0
	for i, r := range results {
		if r.status != 201 {
			d.fail("booking after the review replica died: %d %s", r.status, r.body)
			continue
		}
		if i%3 == 0 {
			c := e.Call(ctx, "", "PATCH", "/appointments/"+r.id+"/status", token, map[string]any{"status": "cancelled"}, nil)
			if c.Status != 200 {
				d.fail("cancel %s: %d %s", r.id, c.Status, c.Raw)
			}
			cancelled++
		}
	}
	converged := e.projectionMatches(ctx, 90*time.Second)
	convergedAfter := time.Since(killed)
	after, err := consumedPartitions(ctx, []*devstack.Process{survivor}, topic)
	if err != nil {
		return "", err
	}
	took := grew(before, after)[survivor.Name]
	if len(took) != n {
		d.fail("after %s died, %s consumed partitions %v of %d", victim.Name, survivor.Name, took, n)
	}
	appointments, _ := e.Count(ctx, `SELECT count(*) FROM booking.appointments`)
	projected, _ := e.Count(ctx, `SELECT count(*) FROM review.appointments`)
	if !converged {
		d.fail("review-svc's projection does not match the bookings 90 s after %s died: %d appointments, %d projected", victim.Name, appointments, projected)
	}
	d.Figures["reviewPartitions"] = n
	d.Figures["reviewPartitionsByReplica"] = owned
	d.Figures["reviewKilled"] = victim.Name
	d.Figures["reviewPartitionsAfterKill"] = map[string][]int{survivor.Name: took}
	d.Figures["reviewProjection"] = map[string]any{"appointments": appointments, "projected": projected, "cancelledAfterKill": cancelled,
		"matches": converged, "convergedSecondsAfterKill": round(convergedAfter.Seconds())}
	return fmt.Sprintf("review-svc replicas consumed %s's %d partitions as %v; after SIGKILL of %s, %s consumed %v; the projection matched all %d appointments (%d cancelled after the kill) %.1f s after it",
		topic, n, owned, victim.Name, survivor.Name, took, appointments, cancelled, convergedAfter.Seconds()), nil
}

// projectionMatches waits until review-svc's projection has every
// appointment, at the booking's version and status, and nothing else.
func (e *Env) projectionMatches(ctx context.Context, timeout time.Duration) bool {
	return stacktest.Poll(ctx, timeout, func() bool {
		var appointments, projected, same int
		err := e.DB.QueryRow(ctx, `SELECT (SELECT count(*) FROM booking.appointments), (SELECT count(*) FROM review.appointments),
			(SELECT count(*) FROM booking.appointments b JOIN review.appointments r
			 ON r.id = b.id::text AND r.version = b.version AND r.status = b.status)`).Scan(&appointments, &projected, &same)
		return err == nil && appointments == projected && projected == same
	})
}

// consumedPartitions reads, from each process's metrics, how many messages
// of topic it consumed per partition.
func consumedPartitions(ctx context.Context, procs []*devstack.Process, topic string) (map[string]map[int]float64, error) {
	out := map[string]map[int]float64{}
	for _, p := range procs {
		m, err := Scrape(ctx, p.MetricsURL())
		if err != nil {
			return nil, err
		}
		out[p.Name] = partitions(m.ByLabel("kafka_consumer_handled_total", "partition", map[string]string{"topic": topic}))
	}
	return out, nil
}

// grew lists, per process, the partitions it consumed messages of between
// two readings.
func grew(before, after map[string]map[int]float64) map[string][]int {
	out := map[string][]int{}
	for name, parts := range after {
		var grown []int
		for p, v := range parts {
			if v > before[name][p] {
				grown = append(grown, p)
			}
		}
		sort.Ints(grown)
		out[name] = grown
	}
	return out
}

// splitAcross reports whether the processes consumed disjoint, non-empty
// sets of partitions that together are all n.
func splitAcross(owned map[string][]int, n int) bool {
	var all []int
	for _, parts := range owned {
		if len(parts) == 0 {
			return false
		}
		all = append(all, parts...)
	}
	sort.Ints(all)
	return len(all) == n && len(slices.Compact(all)) == n
}

// topicPartitions asks the broker how many partitions topic has.
func (e *Env) topicPartitions(ctx context.Context, topic string) (int, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(e.Broker.Addr))
	if err != nil {
		return 0, err
	}
	defer cl.Close()
	req := kmsg.NewPtrMetadataRequest()
	t := kmsg.NewMetadataRequestTopic()
	t.Topic = kmsg.StringPtr(topic)
	req.Topics = append(req.Topics, t)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		return 0, err
	}
	if len(resp.Topics) != 1 || resp.Topics[0].ErrorCode != 0 {
		return 0, fmt.Errorf("metadata of %s: %+v", topic, resp.Topics)
	}
	return len(resp.Topics[0].Partitions), nil
}
