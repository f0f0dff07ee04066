# syntax=docker/dockerfile:1.7
# The image of every Go program of the repository: a build argument names the program, whose
# main package is <PROGRAM>/cmd/<PROGRAM> (gateway, auth-svc, catalog-svc, booking-svc,
# review-svc, notification-svc; a new program needs only its name here). Build from the repository root, so the
# go.work workspace (api/, platform/, the programs) is in the context:
#   docker build --build-arg PROGRAM=booking-svc -t slotwise/booking-svc .
# The web app has its own image (frontend/Dockerfile).
#
# Ports come from the environment the chart sets (GRPC_ADDR, ADMIN_ADDR, HTTP_ADDR; defaults in
# README.md), so the image names none: the chart's components declare their containerPorts.

FROM golang:1.26 AS build
ARG PROGRAM
RUN test -n "${PROGRAM}" || { echo 'set --build-arg PROGRAM=<program>, e.g. booking-svc'; exit 1; }
WORKDIR /src
ENV CGO_ENABLED=0 GOOS=linux GOFLAGS=-buildvcs=false
ARG VERSION=dev
# The source is bind-mounted (not copied into a layer); modules and the build cache live in
# cache mounts, so rebuilds after a code change only recompile what changed.
# timetzdata embeds the zone database: APP_TIMEZONE (Asia/Kolkata) resolves in any base image.
RUN --mount=type=bind,target=/src \
    --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -tags timetzdata -ldflags="-s -w -X main.version=${VERSION}" \
      -o /out/app ./${PROGRAM}/cmd/${PROGRAM}

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/app /app
USER 65532:65532
# A service's `/app migrate` applies its embedded SQL migrations and exits (the chart's hook Job).
ENTRYPOINT ["/app"]
