module github.com/slotwise/slotwise/devstack

go 1.26.0

replace (
	github.com/slotwise/slotwise/api => ../api
	github.com/slotwise/slotwise/auth-svc => ../auth-svc
	github.com/slotwise/slotwise/booking-svc => ../booking-svc
	github.com/slotwise/slotwise/catalog-svc => ../catalog-svc
	github.com/slotwise/slotwise/gateway => ../gateway
	github.com/slotwise/slotwise/notification-svc => ../notification-svc
	github.com/slotwise/slotwise/platform => ../platform
	github.com/slotwise/slotwise/review-svc => ../review-svc
)

require (
	github.com/arran4/golang-ical v0.3.4 // indirect
	github.com/emersion/go-sasl v0.0.0-20241020182733-b788ff22d5a6 // indirect
	github.com/emersion/go-smtp v0.24.0 // indirect
	github.com/golang-jwt/jwt/v5 v5.3.1 // indirect
	github.com/google/uuid v1.6.0
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/pgx/v5 v5.12.0
	github.com/klauspost/compress v1.20.3
	github.com/pierrec/lz4/v4 v4.1.33 // indirect
	github.com/segmentio/kafka-go v0.4.51 // indirect
	github.com/twmb/franz-go v1.22.2 // indirect
	github.com/twmb/franz-go/pkg/kfake v0.0.0-20260918054303-01f206a7e32c // indirect
	github.com/twmb/franz-go/pkg/kmsg v1.15.0 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto v0.0.0-20261019180522-ce908d29299b // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20261012220534-4341edf3f941 // indirect
	google.golang.org/grpc v1.85.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
