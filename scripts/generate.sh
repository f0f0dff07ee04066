#!/usr/bin/env bash
# Regenerates everything derived from api/proto: Go messages, gRPC stubs,
# grpc-gateway handlers and one merged OpenAPI document. Plugins are pinned
# and installed into ./bin so every machine generates byte-identical output.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
export PATH="$bin:$PATH"

need() { [ -x "$bin/$1" ] || GOBIN="$bin" go install "$2"; }
need protoc-gen-go google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
need protoc-gen-go-grpc google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
need protoc-gen-grpc-gateway github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-grpc-gateway@v2.32.0
need protoc-gen-openapiv2 github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-openapiv2@v2.32.0
command -v protoc >/dev/null || { echo "protoc not found: apt-get install -y protobuf-compiler libprotobuf-dev" >&2; exit 1; }

cd "$root/api"
rm -rf gen openapi
mkdir -p gen openapi
protos=$(cd proto && find slotwise -name '*.proto' | sort)
mod=github.com/slotwise/slotwise/api
protoc -I proto -I third_party -I /usr/include \
  --go_out=gen --go_opt=module=$mod/gen \
  --go-grpc_out=gen --go-grpc_opt=module=$mod/gen \
  --grpc-gateway_out=gen --grpc-gateway_opt=module=$mod/gen \
  $protos
protoc -I proto -I third_party -I /usr/include \
  --openapiv2_out=openapi \
  --openapiv2_opt=allow_merge=true,merge_file_name=slotwise,json_names_for_fields=true \
  $(echo "$protos" | grep -v events)
echo "generated: $(find gen -name '*.go' | wc -l) Go files, openapi/slotwise.swagger.json"
