#!/usr/bin/env bash
# Creates the Secrets Slotwise needs, with fresh random credentials, and never overwrites one
# that exists (re-running is safe; rotating is a deliberate `kubectl delete secret` first).
#
#   slotwise-data/slotwise-pg-<service>   basic-auth (username, password) for the CNPG managed role
#   slotwise/slotwise-<name>-db           key "uri": that role's DATABASE_URL   (chart: secretEnv.DATABASE_URL)
#   slotwise/slotwise-auth-jwt            key "signing-key": base64 Ed25519 seed (chart: auth-svc JWT_SIGNING_KEY)
#
# Usage: k8s/create-secrets.sh   (needs kubectl pointed at the cluster, and openssl)
set -euo pipefail

APP_NS=${APP_NS:-slotwise}
DATA_NS=${DATA_NS:-slotwise-data}
PG_HOST=${PG_HOST:-slotwise-pg-rw.${DATA_NS}.svc}
PG_DB=${PG_DB:-slotwise}

exists() { kubectl -n "$1" get secret "$2" >/dev/null 2>&1; }

for svc in auth-svc catalog-svc booking-svc review-svc notification-svc; do
  name=${svc%-svc}            # auth
  role=${svc//-/_}            # auth_svc
  pg_secret=slotwise-pg-${svc}
  db_secret=slotwise-${name}-db
  if exists "$DATA_NS" "$pg_secret" && exists "$APP_NS" "$db_secret"; then
    echo "keep   $DATA_NS/$pg_secret, $APP_NS/$db_secret"
    continue
  fi
  if exists "$DATA_NS" "$pg_secret"; then
    password=$(kubectl -n "$DATA_NS" get secret "$pg_secret" -o jsonpath='{.data.password}' | base64 -d)
  elif exists "$APP_NS" "$db_secret"; then
    echo "$APP_NS/$db_secret exists but $DATA_NS/$pg_secret does not: delete one to re-create both" >&2
    exit 1
  else
    password=$(openssl rand -hex 24)   # hex: safe inside a URL without escaping
    kubectl -n "$DATA_NS" create secret generic "$pg_secret" --type=kubernetes.io/basic-auth \
      --from-literal=username="$role" --from-literal=password="$password"
    kubectl -n "$DATA_NS" label secret "$pg_secret" cnpg.io/reload=true app.kubernetes.io/part-of=slotwise
  fi
  if ! exists "$APP_NS" "$db_secret"; then
    kubectl -n "$APP_NS" create secret generic "$db_secret" \
      --from-literal=uri="postgres://${role}:${password}@${PG_HOST}:5432/${PG_DB}?sslmode=require"
    kubectl -n "$APP_NS" label secret "$db_secret" app.kubernetes.io/part-of=slotwise
  fi
  echo "created credentials for $role"
done

if exists "$APP_NS" slotwise-auth-jwt; then
  echo "keep   $APP_NS/slotwise-auth-jwt"
else
  kubectl -n "$APP_NS" create secret generic slotwise-auth-jwt \
    --from-literal=signing-key="$(openssl rand -base64 32)"
  kubectl -n "$APP_NS" label secret slotwise-auth-jwt app.kubernetes.io/part-of=slotwise
  echo "created $APP_NS/slotwise-auth-jwt"
fi

# The notification mails' SMTP server: SMTP_ADDR (host:port), SMTP_USERNAME and SMTP_PASSWORD
# from the environment of whoever runs this script.
if exists "$APP_NS" slotwise-smtp; then
  echo "keep   $APP_NS/slotwise-smtp"
else
  : "${SMTP_ADDR:?set SMTP_ADDR (host:port), SMTP_USERNAME and SMTP_PASSWORD of the mail server}"
  kubectl -n "$APP_NS" create secret generic slotwise-smtp --from-literal=address="$SMTP_ADDR" \
    --from-literal=username="${SMTP_USERNAME:-}" --from-literal=password="${SMTP_PASSWORD:-}"
  kubectl -n "$APP_NS" label secret slotwise-smtp app.kubernetes.io/part-of=slotwise
  echo "created $APP_NS/slotwise-smtp"
fi
