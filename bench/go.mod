module github.com/slotwise/slotwise/bench

go 1.26.0

replace (
	github.com/slotwise/slotwise/api => ../api
	github.com/slotwise/slotwise/auth-svc => ../auth-svc
	github.com/slotwise/slotwise/booking-svc => ../booking-svc
	github.com/slotwise/slotwise/catalog-svc => ../catalog-svc
	github.com/slotwise/slotwise/devstack => ../devstack
	github.com/slotwise/slotwise/gateway => ../gateway
	github.com/slotwise/slotwise/notification-svc => ../notification-svc
	github.com/slotwise/slotwise/platform => ../platform
	github.com/slotwise/slotwise/review-svc => ../review-svc
)

require (
	github.com/golang-jwt/jwt/v5 v5.3.1 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/pgx/v5 v5.12.0 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/pierrec/lz4/v4 v4.1.33 // indirect
	github.com/prometheus/client_model v0.6.3 // indirect
	github.com/prometheus/common v0.72.0 // indirect
	github.com/twmb/franz-go v1.22.2 // indirect
	github.com/twmb/franz-go/pkg/kfake v0.0.0-20260918054303-01f206a7e32c // indirect
	github.com/twmb/franz-go/pkg/kmsg v1.15.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	google.golang.org/genproto v0.0.0-20261019180522-ce908d29299b // indirect
)
