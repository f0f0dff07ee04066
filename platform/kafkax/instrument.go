package kafkax

import (
	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/platform/metrics"
)

// Instrument exports c on m: the messages it consumed, by topic and
// partition, and its group's lag (kafka_consumer_lag_<topic>, labelled
// with the group: one program may consume a topic in several groups, as
// booking-svc does). Every consumer of every program is exported this way,
// the services' through platform/svc, the gateway's copies directly.
func (c *Consumer) Instrument(m *metrics.Metrics) {
	c.Committed = func(msgs []kafka.Message) {
		for _, msg := range msgs {
			m.Consumed(c.Topic, msg.Partition, 1)
		}
	}
	m.Gauge("kafka_consumer_lag_"+metrics.NamePart(c.Topic), "Messages of "+c.Topic+" not yet consumed by the consumer group in label group.",
		map[string]string{"group": c.GroupID}, func() float64 { return float64(c.Lag()) })
}
