package devstack

import (
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
)

// BrokerOptions configure the embedded Kafka-protocol broker.
type BrokerOptions struct {
	// Port to listen on (0: any free port).
	Port int
	// Dir keeps the broker's log, topics and consumer group offsets, so a
	// restart (or a SIGKILL) of the devstack loses nothing published and
	// consumers resume where they stopped. Empty keeps everything in memory.
	Dir string
	// Retention deletes records older than this (KAFKA_RETENTION); 0 keeps
	// them whatever their age.
	Retention time.Duration
	// RetentionBytes caps each partition's log (KAFKA_RETENTION_BYTES); 0
	// leaves it uncapped.
	RetentionBytes int64
}

// Defaults of the embedded broker's retention: Kafka's own time limit, and a
// size cap that bounds both the disk and the broker's in-memory index of the
// log (see docs/operations.md).
const (
	DefaultBrokerRetention      = 7 * 24 * time.Hour
	DefaultBrokerRetentionBytes = 256 << 20
)

// Broker is a running embedded broker.
type Broker struct {
	Addr    string
	cluster *kfake.Cluster
	stop    chan struct{}
	done    sync.WaitGroup
}

// StartBroker starts the embedded broker.
func StartBroker(o BrokerOptions) (*Broker, error) {
	opts := []kfake.Opt{kfake.NumBrokers(1), kfake.AllowAutoTopicCreation(), kfake.BrokerConfigs(retentionConfigs(o))}
	if o.Port > 0 {
		opts = append(opts, kfake.Ports(o.Port))
	}
	if o.Dir != "" {
		opts = append(opts, kfake.DataDir(o.Dir))
	}
	c, err := kfake.NewCluster(opts...)
	if err != nil {
		return nil, fmt.Errorf("embedded Kafka: %w", err)
	}
	b := &Broker{Addr: c.ListenAddrs()[0], cluster: c, stop: make(chan struct{})}
	if o.Retention > 0 || o.RetentionBytes > 0 {
		b.done.Add(1)
		go b.enforceRetention(retentionCheckEvery(o.Retention))
	}
	return b, nil
}

// Close stops the broker; with a Dir its state is saved there.
func (b *Broker) Close() {
	close(b.stop)
	b.done.Wait()
	b.cluster.Close()
}

// retentionConfigs are the broker-wide log.retention.* settings (-1 is
// Kafka's "no limit"), which kfake reads when it applies retention, and the
// segment size. Retention deletes a segment's file only once all of it has
// expired, and its in-memory index only with the file (trimmed entries keep
// their slots until then), so both hold the retained log plus up to one
// segment: 16 MiB rather than kfake's 100 MiB, a quarter of a smaller cap.
func retentionConfigs(o BrokerOptions) map[string]string {
	ms, bytes, segment := int64(-1), int64(-1), int64(16<<20)
	if o.Retention > 0 {
		ms = o.Retention.Milliseconds()
	}
	if o.RetentionBytes > 0 {
		bytes = o.RetentionBytes
		segment = min(segment, max(o.RetentionBytes/4, 1<<20))
	}
	return map[string]string{"log.retention.ms": strconv.FormatInt(ms, 10), "log.retention.bytes": strconv.FormatInt(bytes, 10),
		"log.segment.bytes": strconv.FormatInt(segment, 10)}
}

// retentionCheckEvery is how often retention runs: Kafka's 5 minutes
// (log.retention.check.interval.ms), more often for a short retention so
// the log never holds much more than asked.
func retentionCheckEvery(retention time.Duration) time.Duration {
	every := 5 * time.Minute
	if retention > 0 {
		every = min(every, max(retention/4, time.Second))
	}
	return every
}

// enforceRetention applies retention periodically. kfake runs its own
// retention timer only for topics created with retention configs of their
// own (and hourly), while the services create theirs with none, so the
// devstack drives it. The first pass comes one interval after start, so
// consumers that were down with the devstack catch up before old records go.
func (b *Broker) enforceRetention(every time.Duration) {
	defer b.done.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
			b.cluster.ApplyRetention()
		}
	}
}
