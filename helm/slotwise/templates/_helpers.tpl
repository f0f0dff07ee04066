{{/*
Helpers shared by the generic templates. Each workload template ranges over
.Values.components and computes the effective component as

  $c := mergeOverwrite (deepCopy .Values.componentDefaults) (deepCopy $raw)

Most helpers take a dict: root (the top-level context), name (component key), c (effective
component).
*/}}

{{- define "slotwise.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "slotwise.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "slotwise.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Resource name of a component: <fullname>-<component>. Args: dict root name. */}}
{{- define "slotwise.componentName" -}}
{{- printf "%s-%s" (include "slotwise.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "slotwise.commonLabels" -}}
helm.sh/chart: {{ include "slotwise.chart" . }}
app.kubernetes.io/name: {{ include "slotwise.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: slotwise
{{- end -}}

{{/* Args: dict root name. */}}
{{- define "slotwise.selectorLabels" -}}
app.kubernetes.io/name: {{ include "slotwise.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Args: dict root name. */}}
{{- define "slotwise.labels" -}}
{{ include "slotwise.commonLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Args: dict root c. */}}
{{- define "slotwise.image" -}}
{{- $tag := .c.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- if .root.Values.image.registry -}}
{{- printf "%s/%s:%s" (trimSuffix "/" .root.Values.image.registry) .c.image.repository $tag -}}
{{- else -}}
{{- printf "%s:%s" .c.image.repository $tag -}}
{{- end -}}
{{- end -}}

{{/* auth-svc -> AUTH_GRPC_ADDR */}}
{{- define "slotwise.grpcAddrEnv" -}}
{{- printf "%s_GRPC_ADDR" (. | trimSuffix "-svc" | upper | replace "-" "_") -}}
{{- end -}}

{{/* Env var names that must come from a Secret, never a literal value. */}}
{{- define "slotwise.secretNamePattern" -}}
(?i)(PASSWORD|PASSWD|SECRET|TOKEN|PRIVATE|SIGNING_KEY|API_KEY|CREDENTIAL|DATABASE_URL|_DSN$)
{{- end -}}

{{/* Data of the shared ConfigMap, as YAML. */}}
{{- define "slotwise.configData" -}}
{{- $cors := .Values.config.corsOrigins -}}
{{- if not $cors -}}
{{- $cors = list -}}
{{- range $name, $raw := .Values.components -}}
{{- if and $raw.enabled $raw.ingress $raw.ingress.enabled $raw.ingress.host (eq $name "web") -}}
{{- $cors = append $cors (printf "https://%s" $raw.ingress.host) -}}
{{- end -}}
{{- end -}}
{{- end -}}
LOG_LEVEL: {{ .Values.config.logLevel | quote }}
APP_TIMEZONE: {{ .Values.config.appTimezone | quote }}
CORS_ORIGINS: {{ join "," $cors | quote }}
KAFKA_BROKERS: {{ .Values.kafka.brokers | quote }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ .Values.otlp.endpoint | quote }}
{{- range $k, $v := .Values.config.extra }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
{{- end -}}

{{/*
Validates one component and fails the render with a readable message. Args: dict root name c.
*/}}
{{- define "slotwise.validate" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $c := .c -}}
{{- if not $c.image.repository -}}
{{- fail (printf "components.%s.image.repository is required" $name) -}}
{{- end -}}
{{- if not (hasKey $c.ports $c.probes.port) -}}
{{- fail (printf "components.%s.probes.port %q is not one of its ports" $name $c.probes.port) -}}
{{- end -}}
{{- if and $c.metricsPort (not (hasKey $c.ports $c.metricsPort)) -}}
{{- fail (printf "components.%s.metricsPort %q is not one of its ports" $name $c.metricsPort) -}}
{{- end -}}
{{- $configData := include "slotwise.configData" $root | fromYaml -}}
{{- range $c.config -}}
{{- if not (hasKey $configData .) -}}
{{- fail (printf "components.%s.config: %q is not a ConfigMap key" $name .) -}}
{{- end -}}
{{- end -}}
{{- $pattern := include "slotwise.secretNamePattern" . -}}
{{- range $k, $v := $c.env -}}
{{- if regexMatch $pattern $k -}}
{{- fail (printf "components.%s.env.%s looks secret: put it in secretEnv (a Secret reference)" $name $k) -}}
{{- end -}}
{{- end -}}
{{- if and $c.uses.postgres (not (hasKey $c.secretEnv "DATABASE_URL")) -}}
{{- fail (printf "components.%s uses postgres but has no secretEnv.DATABASE_URL" $name) -}}
{{- end -}}
{{- range $callee := $c.calls -}}
{{- $target := index $root.Values.components $callee -}}
{{- if not (and $target $target.enabled) -}}
{{- fail (printf "components.%s calls %q, which is not an enabled component" $name $callee) -}}
{{- end -}}
{{- if not (and $target.ports (hasKey $target.ports "grpc")) -}}
{{- fail (printf "components.%s calls %q, which has no grpc port" $name $callee) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Container env. Args: dict root name c inline. inline=false reads shared config from the
ConfigMap; inline=true (hook Jobs, which run before the ConfigMap exists) writes the same values
literally. Secrets are always secretKeyRef.
*/}}
{{- define "slotwise.env" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $inline := .inline -}}
{{- $cm := printf "%s-config" (include "slotwise.fullname" $root) -}}
{{- $data := include "slotwise.configData" $root | fromYaml -}}
{{- $keys := $c.config -}}
{{- if $c.uses.kafka }}{{ $keys = append $keys "KAFKA_BROKERS" }}{{ end -}}
{{- if $c.uses.otlp }}{{ $keys = append $keys "OTEL_EXPORTER_OTLP_ENDPOINT" }}{{ end -}}
{{- range $key := $keys | uniq }}
- name: {{ $key }}
{{- if $inline }}
  value: {{ index $data $key | quote }}
{{- else }}
  valueFrom:
    configMapKeyRef:
      name: {{ $cm }}
      key: {{ $key }}
{{- end }}
{{- end }}
{{- if $c.uses.otlp }}
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
{{- end }}
{{- range $callee := $c.calls }}
{{- $target := index $root.Values.components $callee }}
- name: {{ include "slotwise.grpcAddrEnv" $callee }}
  value: {{ printf "dns:///%s:%v" (include "slotwise.componentName" (dict "root" $root "name" $callee)) (index $target.ports "grpc") | quote }}
{{- end }}
{{- range $k, $v := $c.env }}
- name: {{ $k }}
  value: {{ $v | toString | quote }}
{{- end }}
{{- range $k, $ref := $c.secretEnv }}
- name: {{ $k }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secretEnv.%s.secretName is required" $k) $ref.secretName }}
      key: {{ required (printf "secretEnv.%s.key is required" $k) $ref.key }}
{{- end }}
{{- end -}}

{{/* One probe handler + timing. Args: dict root c path. */}}
{{- define "slotwise.probeHandler" -}}
{{- if eq .c.probes.kind "grpc" -}}
grpc:
  port: {{ index .c.ports .c.probes.port }}
{{- else -}}
httpGet:
  path: {{ .path }}
  port: {{ .c.probes.port }}
{{- end -}}
{{- end -}}

{{/* liveness, readiness and startup probes. Args: dict root c. */}}
{{- define "slotwise.probes" -}}
{{- $t := .root.Values.probeTiming -}}
livenessProbe:
  {{- include "slotwise.probeHandler" (dict "root" .root "c" .c "path" .c.probes.livenessPath) | nindent 2 }}
  periodSeconds: {{ $t.periodSeconds }}
  timeoutSeconds: {{ $t.timeoutSeconds }}
  failureThreshold: {{ $t.failureThreshold }}
readinessProbe:
  {{- include "slotwise.probeHandler" (dict "root" .root "c" .c "path" .c.probes.readinessPath) | nindent 2 }}
  periodSeconds: {{ $t.periodSeconds }}
  timeoutSeconds: {{ $t.timeoutSeconds }}
  failureThreshold: {{ $t.failureThreshold }}
startupProbe:
  {{- include "slotwise.probeHandler" (dict "root" .root "c" .c "path" .c.probes.livenessPath) | nindent 2 }}
  periodSeconds: {{ $t.startupPeriodSeconds }}
  timeoutSeconds: {{ $t.timeoutSeconds }}
  failureThreshold: {{ $t.startupFailureThreshold }}
{{- end -}}

{{/* Pod-level security context: top-level merged with the component's. Args: dict root c. */}}
{{- define "slotwise.podSecurityContext" -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.podSecurityContext) (deepCopy .c.podSecurityContext)) -}}
{{- end -}}
