// Package kafkax wraps segmentio/kafka-go with the settings a booking system
// needs (acks from all replicas, short batching, explicit commits) and with
// W3C trace context carried in message headers.
package kafkax

import (
	"github.com/segmentio/kafka-go"
)

// HeaderCarrier adapts Kafka message headers to OpenTelemetry's TextMapCarrier.
type HeaderCarrier struct{ Headers *[]kafka.Header }

func (c HeaderCarrier) Get(key string) string {
	for _, h := range *c.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}

func (c HeaderCarrier) Set(key, value string) {
	for i, h := range *c.Headers {
		if h.Key == key {
			(*c.Headers)[i].Value = []byte(value)
			return
		}
	}
	*c.Headers = append(*c.Headers, kafka.Header{Key: key, Value: []byte(value)})
}

func (c HeaderCarrier) Keys() []string {
	keys := make([]string, 0, len(*c.Headers))
	for _, h := range *c.Headers {
		keys = append(keys, h.Key)
	}
	return keys
}
