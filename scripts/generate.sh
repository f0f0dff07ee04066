#!/usr/bin/env bash
# Regenerates everything derived from api/proto: Go messages, gRPC stubs,
# grpc-gateway handlers, one merged OpenAPI document and, from that document,
# the web app's TypeScript types (frontend/libs/shared/contract). buf compiles the
# protos (no system protoc); buf and the plugins are pinned Go programs built
# into ./bin from the Go module proxy, so every machine generates
# byte-identical output.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
export PATH="$bin:$PATH"

# need NAME MODULE/PATH@VERSION builds the pinned version once; a stamp file
# per version makes a changed pin rebuild.
need() {
  local stamp="$bin/.$1@${2##*@}"
  [ -x "$bin/$1" ] && [ -f "$stamp" ] && return
  echo "building $1 (${2##*@}) into bin/"
  GOBIN="$bin" GOWORK=off go install "$2"
  rm -f "$bin/.$1@"*
  touch "$stamp"
}
need buf github.com/bufbuild/buf/cmd/buf@v1.75.0
need protoc-gen-go google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
need protoc-gen-go-grpc google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
need protoc-gen-grpc-gateway github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-grpc-gateway@v2.32.0
need protoc-gen-openapiv2 github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-openapiv2@v2.32.0

cd "$root/api"
rm -rf gen openapi
buf generate --template buf.gen.yaml --path proto/slotwise
# The OpenAPI document is the REST contract: it leaves out the event protos
# (no routes) and every <svc>_internal.proto, the calls only other programs
# make (docs/adr/0067-internal-calls-in-internal-services.md).
excluded=(--exclude-path proto/slotwise/events)
for f in proto/slotwise/*/v1/*_internal.proto; do excluded+=(--exclude-path "$f"); done
buf generate --template buf.gen.openapi.yaml --path proto/slotwise "${excluded[@]}"
# A call declared "201" in its proto answers 201 only (platform/grpcx
# SetHTTPStatus); protoc-gen-openapiv2 always adds a 200 beside it, so drop it.
if ! command -v jq >/dev/null; then
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || { echo "jq is needed: sudo apt-get install -y jq" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
fi
doc=openapi/slotwise.swagger.json
jq --indent 2 '(.paths[][] | select(.responses["201"])).responses |= del(.["200"])' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
# The gateway's own routes (GET /stats, GET /auth/export, DELETE /auth/account) have no proto:
# their hand-kept fragment joins the document, so the contract describes every route the gateway
# serves (gateway/internal/rest/routes_test.go compares them with its router). A path both
# define is an error, not an overwrite.
jq --indent 2 -s '.[0] as $d | .[1] as $g
  | if ([$g.paths | keys[] | select($d.paths[.] != null)] | length) > 0 then error("a gateway route is also a proto route") else . end
  | $d | .paths += $g.paths | .definitions += $g.definitions | .tags += $g.tags' "$doc" gateway/gateway.swagger.json >"$doc.tmp"
mv "$doc.tmp" "$doc"
echo "generated: $(find gen -name '*.go' | wc -l) Go files, openapi/slotwise.swagger.json"

# The web app's types of the same contract (needs Node and npm; installs the
# front end's pinned packages first when they are missing).
make -C "$root/frontend" --no-print-directory api-types
