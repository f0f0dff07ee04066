package kafkax

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/segmentio/kafka-go"
)

// EnsureTopics creates the topics that do not exist yet. kafka-go caches
// topic metadata, so topics must exist before the first write.
func EnsureTopics(ctx context.Context, brokers []string, partitions int, topics ...string) error {
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 10 * time.Second}
	req := &kafka.CreateTopicsRequest{}
	for _, t := range topics {
		req.Topics = append(req.Topics, kafka.TopicConfig{Topic: t, NumPartitions: partitions, ReplicationFactor: -1})
	}
	resp, err := client.CreateTopics(ctx, req)
	if err != nil {
		return fmt.Errorf("kafka: create topics at %v: %w", brokers, err)
	}
	for topic, err := range resp.Errors {
		if err != nil && !errors.Is(err, kafka.TopicAlreadyExists) {
			return fmt.Errorf("kafka: create topic %s: %w", topic, err)
		}
	}
	return nil
}

// Reachable reports whether any broker accepts a TCP connection.
func Reachable(ctx context.Context, brokers []string) bool {
	for _, b := range brokers {
		d := net.Dialer{Timeout: time.Second}
		if c, err := d.DialContext(ctx, "tcp", b); err == nil {
			_ = c.Close() // a probe: the dial succeeding is the answer
			return true
		}
	}
	return false
}

// NewWriter returns a writer that waits for all in-sync replicas and
// batches for at most a few milliseconds (kafka-go's defaults are no acks
// and a one-second batch delay). Messages are routed by key hash so one
// key's events stay in order on one partition.
func NewWriter(brokers []string) *kafka.Writer {
	return &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 5 * time.Millisecond,
		WriteTimeout: 5 * time.Second,
		MaxAttempts:  1, // the outbox relay retries; a stuck write must not hold its transaction
	}
}

// AwaitTopics retries until the topics exist or ctx ends; Kafka being down
// at start-up must not keep a service from serving.
func AwaitTopics(ctx context.Context, log *slog.Logger, brokers []string, topics ...string) error {
	for attempt := 1; ; attempt++ {
		err := EnsureTopics(ctx, brokers, 3, topics...)
		if err == nil {
			return nil
		}
		if attempt == 1 || attempt%30 == 0 {
			log.Warn("waiting for Kafka to create topics", "topics", topics, "err", err)
		}
		select {
		case <-ctx.Done():
			return errors.Join(ctx.Err(), err)
		case <-time.After(time.Second):
		}
	}
}
