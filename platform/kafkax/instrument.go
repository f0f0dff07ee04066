package kafkax

import (
	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/platform/metrics"
)

// Instrument exports c on m: the messages it handled and committed, by
// topic, group and partition (kafka_consumer_handled_total, at 0 before the
// first message so the group is known to Prometheus from the start), and its
// group's lag (kafka_consumer_lag_<topic>, labelled with the group: one
// program may consume a topic in several groups, as booking-svc does). Every
// consumer of every program is exported this way, the services' through
// platform/svc, the gateway's copies directly.
//
// The lag is kafka-go's reader statistic, read inside the consumer: a paused
// or dead consumer exports none and a blocked one keeps its last value. The
// stall alert therefore watches kafka_consumer_handled_total from outside
// the consumer instead: flat or gone while the topic's producers publish
// (outbox_published_total) — see SlotwiseConsumerStalled in
// helm/slotwise/files/prometheus/rules.yml.
func (c *Consumer) Instrument(m *metrics.Metrics) {
	handled := m.Handled(c.Topic, c.GroupID)
	c.Committed = func(msgs []kafka.Message) {
		for _, msg := range msgs {
			handled(msg.Partition, 1)
		}
	}
	m.Gauge("kafka_consumer_lag_"+metrics.NamePart(c.Topic), "Messages of "+c.Topic+" not yet consumed by the consumer group in label group.",
		map[string]string{"group": c.GroupID}, func() float64 { return float64(c.Lag()) })
}
