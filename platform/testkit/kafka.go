package testkit

import (
	"testing"

	"github.com/twmb/franz-go/pkg/kfake"
)

// NewKafka starts an embedded Kafka-protocol cluster for this test and
// returns its broker addresses.
func NewKafka(t testing.TB, opts ...kfake.Opt) (*kfake.Cluster, []string) {
	t.Helper()
	opts = append([]kfake.Opt{kfake.NumBrokers(1), kfake.AllowAutoTopicCreation()}, opts...)
	c, err := kfake.NewCluster(opts...)
	if err != nil {
		t.Fatalf("testkit: start kfake: %v", err)
	}
	t.Cleanup(c.Close)
	return c, c.ListenAddrs()
}
