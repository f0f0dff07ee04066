package postgres

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/telemetry"
)

// queryTracer gives every SQL statement its own client span, so a trace shows
// where a request spent its time in the database.
type queryTracer struct{ tracer trace.Tracer }

func newQueryTracer(tp trace.TracerProvider) *queryTracer {
	return &queryTracer{tracer: tp.Tracer("github.com/slotwise/slotwise/platform/postgres")}
}

type spanKey struct{}

func (t *queryTracer) TraceQueryStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if !trace.SpanContextFromContext(ctx).IsValid() {
		return ctx // background work such as relay polling stays untraced
	}
	ctx, span := t.statement(ctx, conn, data.SQL)
	return context.WithValue(ctx, spanKey{}, span)
}

// statement starts the client span of one SQL statement.
func (t *queryTracer) statement(ctx context.Context, conn *pgx.Conn, sql string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	opts = append(opts, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("db.system", "postgresql"),
			attribute.String("db.statement", sql),
			attribute.String("db.name", conn.Config().Database),
		))
	return t.tracer.Start(ctx, "postgres "+operation(sql), opts...)
}

func (t *queryTracer) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryEndData) {
	if span, ok := ctx.Value(spanKey{}).(trace.Span); ok {
		telemetry.End(span, data.Err)
	}
}

// A pipelined batch gets a span of its own with one child span per
// statement, timed from when pgx asked for that statement's result.

type batchKey struct{}

func (t *queryTracer) TraceBatchStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	if !trace.SpanContextFromContext(ctx).IsValid() {
		return ctx
	}
	ctx, span := t.tracer.Start(ctx, "postgres BATCH",
		trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("db.system", "postgresql"),
			attribute.String("db.name", conn.Config().Database),
			attribute.Int("db.batch.size", data.Batch.Len()),
		))
	return context.WithValue(ctx, batchKey{}, span)
}

func (t *queryTracer) TraceBatchQuery(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchQueryData) {
	if _, ok := ctx.Value(batchKey{}).(trace.Span); !ok {
		return
	}
	start := data.ReadStartTime
	if start.IsZero() {
		start = time.Now()
	}
	_, span := t.statement(ctx, conn, data.SQL, trace.WithTimestamp(start))
	telemetry.End(span, data.Err)
}

func (t *queryTracer) TraceBatchEnd(ctx context.Context, _ *pgx.Conn, data pgx.TraceBatchEndData) {
	if span, ok := ctx.Value(batchKey{}).(trace.Span); ok {
		telemetry.End(span, data.Err)
	}
}

func operation(sql string) string {
	f := strings.Fields(sql)
	if len(f) == 0 {
		return "query"
	}
	return strings.ToUpper(f[0])
}
