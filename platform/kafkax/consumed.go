package kafkax

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/platform/app"
)

// WaitConsumed waits until every live consumer group whose id starts with
// prefix has committed past what is, now, the end of the partition of
// topic that key is written to: each of them has handled every event for
// key published so far. A group is live while it has members; one without
// (its process gone, its copies with it) is not waited for. It returns
// ctx's error if some group is still behind when ctx ends.
//
// A producer calls it after its event is published, to acknowledge a
// change only once every holder of a copy has dropped it (catalog-svc,
// docs/decisions.md).
func WaitConsumed(ctx context.Context, client *kafka.Client, topic, key, prefix string) error {
	partition, end, err := partitionEnd(ctx, client, topic, key)
	if err != nil {
		return err
	}
	var behind []string
	err = app.Poll(ctx, time.Millisecond, 20*time.Millisecond, func() (bool, error) {
		var err error
		behind, err = groupsBehind(ctx, client, topic, partition, end, prefix)
		return len(behind) == 0, err
	})
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("consumer groups %v still behind %s/%d at %d: %w", behind, topic, partition, end, err)
	}
	return err
}

// partitionEnd returns the partition key is written to (the writer's hash
// balancer, NewWriter) and that partition's next offset.
func partitionEnd(ctx context.Context, client *kafka.Client, topic, key string) (int, int64, error) {
	meta, err := client.Metadata(ctx, &kafka.MetadataRequest{Topics: []string{topic}})
	if err != nil {
		return 0, 0, err
	}
	if len(meta.Topics) != 1 || meta.Topics[0].Error != nil || len(meta.Topics[0].Partitions) == 0 {
		return 0, 0, fmt.Errorf("kafka: no partitions of %s", topic)
	}
	ids := make([]int, len(meta.Topics[0].Partitions))
	for i := range ids {
		ids[i] = i // the writer balances over 0..n-1
	}
	partition := (&kafka.Hash{}).Balance(kafka.Message{Key: []byte(key)}, ids...)
	resp, err := client.ListOffsets(ctx, &kafka.ListOffsetsRequest{Topics: map[string][]kafka.OffsetRequest{topic: {kafka.LastOffsetOf(partition)}}})
	if err != nil {
		return 0, 0, err
	}
	for _, p := range resp.Topics[topic] {
		if p.Partition == partition {
			if p.Error != nil {
				return 0, 0, p.Error
			}
			return partition, p.LastOffset, nil
		}
	}
	return 0, 0, fmt.Errorf("kafka: no offsets of %s/%d", topic, partition)
}

// groupsBehind lists the live groups of prefix that have not committed
// end on topic/partition.
func groupsBehind(ctx context.Context, client *kafka.Client, topic string, partition int, end int64, prefix string) ([]string, error) {
	live, err := liveGroups(ctx, client, prefix)
	if err != nil {
		return nil, err
	}
	var behind []string
	for _, g := range live {
		offs, err := client.OffsetFetch(ctx, &kafka.OffsetFetchRequest{GroupID: g, Topics: map[string][]int{topic: {partition}}})
		if err != nil {
			return nil, err
		}
		if offs.Error != nil {
			return nil, offs.Error
		}
		committed := int64(-1)
		for _, p := range offs.Topics[topic] {
			if p.Partition == partition {
				committed = p.CommittedOffset
			}
		}
		if committed < end {
			behind = append(behind, g)
		}
	}
	return behind, nil
}

// liveGroups are the groups whose id starts with prefix and that have
// members.
func liveGroups(ctx context.Context, client *kafka.Client, prefix string) ([]string, error) {
	list, err := client.ListGroups(ctx, &kafka.ListGroupsRequest{})
	if err != nil {
		return nil, err
	}
	if list.Error != nil {
		return nil, list.Error
	}
	var ids []string
	for _, g := range list.Groups {
		if strings.HasPrefix(g.GroupID, prefix) {
			ids = append(ids, g.GroupID)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	desc, err := client.DescribeGroups(ctx, &kafka.DescribeGroupsRequest{GroupIDs: ids})
	if err != nil {
		return nil, err
	}
	var live []string
	for _, g := range desc.Groups {
		if g.Error == nil && len(g.Members) > 0 {
			live = append(live, g.GroupID)
		}
	}
	return live, nil
}

// WaitJoined waits until group is stable with at least one member: from
// then on WaitConsumed sees it and waits for it. It polls until ctx ends.
func WaitJoined(ctx context.Context, client *kafka.Client, group string) error {
	return app.Poll(ctx, 10*time.Millisecond, 500*time.Millisecond, func() (bool, error) {
		desc, err := client.DescribeGroups(ctx, &kafka.DescribeGroupsRequest{GroupIDs: []string{group}})
		if err != nil {
			return false, nil // Kafka not reachable yet: keep asking
		}
		for _, g := range desc.Groups {
			if g.GroupID == group && g.Error == nil && g.GroupState == "Stable" && len(g.Members) > 0 {
				return true, nil
			}
		}
		return false, nil
	})
}
