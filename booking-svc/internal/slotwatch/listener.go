// Package slotwatch listens to the announcements of changed slots that
// booking-svc's store makes after each commit (internal/store/slot_changes.go)
// and hands each to every subscriber: the WatchSlots streams
// (internal/transport/slot_watch.go). Replicas share the database, so each
// hears every replica's changes.
package slotwatch

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/booking-svc/internal/store"
)

const (
	// The pause before connecting again after the listening connection
	// failed: minBackoff, doubling up to maxBackoff while it keeps failing.
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
	// checkEvery is how long the connection may stay silent before it is
	// pinged: a connection dropped without a word (a NAT's idle timeout)
	// would otherwise look like a quiet one for as long as TCP keepalive
	// takes to notice, with every watch still open.
	checkEvery = 30 * time.Second
	// checkTimeout bounds a ping and a close.
	checkTimeout = 5 * time.Second
)

// Listener listens on store.SlotsChannel on a connection of its own (a
// pool's connections are for statements) and fans the announcements out.
type Listener struct {
	config     *pgx.ConnConfig
	log        *slog.Logger
	fan        *fanout
	checkEvery time.Duration
	pid        atomic.Uint32 // the listening backend's process id; 0 while not listening
}

// New returns a listener that connects as pool does; Run starts it.
func New(pool *pgxpool.Pool, log *slog.Logger) *Listener {
	cfg := pool.Config().ConnConfig // a copy
	cfg.Tracer = nil                // runs no request's statements
	return &Listener{config: cfg, log: log, fan: newFanout(), checkEvery: checkEvery}
}

// Subscribe registers a subscriber while the listener listens, or fails
// with ErrNotListening. The channel then receives, in order, the ids of the
// services named by every announcement the listener receives from now on,
// so by every change committed after Subscribe returned. It is closed when
// the listening stops (the connection failed) or when the subscriber falls
// 1024 batches behind: changes may then have been missed. stop ends the
// subscription (the channel is then left open and receives nothing).
// Subscribers share the batches and must not change them.
func (l *Listener) Subscribe() (changes <-chan []string, stop func(), err error) {
	return l.fan.subscribe()
}

// Ready is closed while the listener listens: at once if it does now, else
// when it next starts to.
func (l *Listener) Ready() <-chan struct{} { return l.fan.readyChan() }

// Run listens until ctx ends, connecting again after a failure.
func (l *Listener) Run(ctx context.Context) error {
	backoff, down := minBackoff, false
	for {
		err := l.listen(ctx, func() {
			if down {
				l.log.InfoContext(ctx, "listening for slot changes again: slot watches may start")
			}
			backoff, down = minBackoff, false
		})
		if ctx.Err() != nil {
			return nil
		}
		// Once per outage, not at every attempt to connect again.
		if !down {
			l.log.WarnContext(ctx, "listening for slot changes failed: slot watches end and none starts until it listens again", "err", err)
			down = true
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// listen connects, listens and publishes what it hears until the connection
// fails or ctx ends; listening is called once it listens.
func (l *Listener) listen(ctx context.Context, listening func()) error {
	conn, err := pgx.ConnectConfig(ctx, l.config)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), checkTimeout)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{store.SlotsChannel}.Sanitize()); err != nil {
		return err
	}
	l.pid.Store(conn.PgConn().PID())
	listening()
	l.fan.start()
	// Before the connection closes: no subscriber may join a listener
	// that can no longer hear.
	defer func() {
		l.pid.Store(0)
		l.fan.stop()
	}()
	for {
		if err := l.receive(ctx, conn); err != nil {
			return err
		}
	}
}

// receive publishes the next announcement, or pings the connection after
// checkEvery without one.
func (l *Listener) receive(ctx context.Context, conn *pgx.Conn) error {
	waitCtx, cancel := context.WithTimeout(ctx, l.checkEvery)
	defer cancel()
	n, err := conn.WaitForNotification(waitCtx)
	if n != nil && n.Channel == store.SlotsChannel {
		if ids := serviceIDs(n.Payload); len(ids) > 0 {
			l.fan.publish(ids)
		}
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case waitCtx.Err() != nil: // quiet for checkEvery: a timeout leaves the connection usable
		pingCtx, cancel := context.WithTimeout(ctx, checkTimeout)
		defer cancel()
		return conn.Ping(pingCtx) // an announcement arriving meanwhile waits for the next receive
	default:
		return err
	}
}

// serviceIDs splits an announcement's payload.
func serviceIDs(payload string) []string {
	ids := strings.Split(payload, ",")
	out := ids[:0]
	for _, id := range ids {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}
