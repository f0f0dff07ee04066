package devstack

import (
	"encoding/base64"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Chart is what split mode reads from the Helm chart's values
// (helm/slotwise/values.yaml): each program runs with the environment its
// Deployment gets there, so a setting added to the chart reaches the local
// processes too, and a local run exercises the configuration that ships.
type Chart struct {
	// config holds the shared ConfigMap's keys (LOG_LEVEL, APP_TIMEZONE, …).
	config     map[string]string
	components map[string]chartComponent
}

type chartComponent struct {
	Enabled   bool                         `yaml:"enabled"`
	Ports     map[string]int               `yaml:"ports"`
	Config    []string                     `yaml:"config"`
	Env       map[string]string            `yaml:"env"`
	SecretEnv map[string]map[string]string `yaml:"secretEnv"`
	Calls     []string                     `yaml:"calls"`
	Uses      struct {
		Kafka bool `yaml:"kafka"`
		OTLP  bool `yaml:"otlp"`
	} `yaml:"uses"`
	Migration struct {
		Enabled bool `yaml:"enabled"`
	} `yaml:"migration"`
}

// LoadChart reads a values file the way the chart's templates do: each
// component is componentDefaults deep-merged with its own entry.
func LoadChart(path string) (*Chart, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v struct {
		Config struct {
			LogLevel    string            `yaml:"logLevel"`
			AppTimezone string            `yaml:"appTimezone"`
			Extra       map[string]string `yaml:"extra"`
		} `yaml:"config"`
		Defaults   map[string]any            `yaml:"componentDefaults"`
		Components map[string]map[string]any `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c := &Chart{config: map[string]string{"LOG_LEVEL": v.Config.LogLevel, "APP_TIMEZONE": v.Config.AppTimezone},
		components: map[string]chartComponent{}}
	maps.Copy(c.config, v.Config.Extra)
	for name, own := range v.Components {
		merged, err := yaml.Marshal(deepMerge(v.Defaults, own))
		if err != nil {
			return nil, err
		}
		var comp chartComponent
		if err := yaml.Unmarshal(merged, &comp); err != nil {
			return nil, fmt.Errorf("%s: components.%s: %w", path, name, err)
		}
		c.components[name] = comp
	}
	return c, nil
}

// deepMerge returns base with over merged in (over wins), like sprig's
// mergeOverwrite in the chart's templates.
func deepMerge(base, over map[string]any) map[string]any {
	out := maps.Clone(base)
	if out == nil {
		out = map[string]any{}
	}
	for k, v := range over {
		if sub, ok := v.(map[string]any); ok {
			if prev, ok := out[k].(map[string]any); ok {
				out[k] = deepMerge(prev, sub)
				continue
			}
		}
		out[k] = v
	}
	return out
}

// PortNames lists the names of a component's ports ("grpc", "admin", "http").
func (c *Chart) PortNames(component string) []string {
	return slices.Sorted(maps.Keys(c.components[component].Ports))
}

// Calls lists the components a component calls over gRPC.
func (c *Chart) Calls(component string) []string { return c.components[component].Calls }

// Has reports whether the chart deploys the component.
func (c *Chart) Has(component string) bool { return c.components[component].Enabled }

// Local is what one machine has instead of the cluster's services.
type Local struct {
	DatabaseURL  string
	KafkaBrokers []string
	// OTLPEndpoint receives spans; empty: no tracing.
	OTLPEndpoint string
	// SigningSeed is the Ed25519 seed auth-svc signs tokens with.
	SigningSeed []byte
	// SMTPAddr is the local mail server (Mailpit), which takes mail
	// without credentials: SMTP_USERNAME and SMTP_PASSWORD stay empty.
	SMTPAddr    string
	CORSOrigins []string
	// Targets are the gRPC targets of the components, by name.
	Targets map[string]string
	// Listen holds this process's listening addresses (GRPC_ADDR,
	// ADMIN_ADDR, HTTP_ADDR): the chart's ":7003" would be the same address
	// for every replica on one machine.
	Listen map[string]string
}

// ListenVars are the env variables that hold an address to listen on, and
// the name of the chart port each one serves.
var ListenVars = map[string]string{"GRPC_ADDR": "grpc", "ADMIN_ADDR": "admin", "HTTP_ADDR": "http"}

// Env returns the environment of component's container, variable for
// variable as the chart's Deployment template renders it (templates/
// _helpers.tpl, "slotwise.env"), with the cluster's addresses, Secrets and
// ConfigMap values that name cluster services replaced by l's.
func (c *Chart) Env(component string, l Local) ([]string, error) {
	comp, ok := c.components[component]
	if !ok || !comp.Enabled {
		return nil, fmt.Errorf("the chart has no enabled component %q", component)
	}
	env := map[string]string{}
	config := maps.Clone(c.config)
	config["CORS_ORIGINS"] = strings.Join(l.CORSOrigins, ",")
	config["KAFKA_BROKERS"] = strings.Join(l.KafkaBrokers, ",")
	config["OTEL_EXPORTER_OTLP_ENDPOINT"] = l.OTLPEndpoint
	keys := slices.Clone(comp.Config)
	if comp.Uses.Kafka {
		keys = append(keys, "KAFKA_BROKERS")
	}
	if comp.Uses.OTLP {
		keys = append(keys, "OTEL_EXPORTER_OTLP_ENDPOINT")
		env["OTEL_SERVICE_NAME"] = component
	}
	for _, k := range keys {
		v, ok := config[k]
		if !ok {
			return nil, fmt.Errorf("components.%s.config: %q is not a ConfigMap key", component, k)
		}
		env[k] = v
	}
	for _, callee := range comp.Calls {
		target, ok := l.Targets[callee]
		if !ok {
			return nil, fmt.Errorf("%s calls %s, which has no local target", component, callee)
		}
		env[strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(callee, "-svc"), "-", "_"))+"_GRPC_ADDR"] = target
	}
	for k, v := range comp.Env {
		if _, listens := ListenVars[k]; listens {
			addr, ok := l.Listen[k]
			if !ok {
				return nil, fmt.Errorf("components.%s.env.%s: no local address to listen on", component, k)
			}
			v = addr
		}
		env[k] = v
	}
	for k := range comp.SecretEnv {
		switch k {
		case "DATABASE_URL":
			env[k] = l.DatabaseURL
		case "JWT_SIGNING_KEY":
			env[k] = base64.StdEncoding.EncodeToString(l.SigningSeed)
		case "SMTP_ADDR":
			env[k] = l.SMTPAddr
		case "SMTP_USERNAME", "SMTP_PASSWORD":
			env[k] = ""
		default:
			return nil, fmt.Errorf("components.%s.secretEnv.%s: split mode has no local value for this Secret", component, k)
		}
	}
	out := make([]string, 0, len(env))
	for _, k := range slices.Sorted(maps.Keys(env)) {
		out = append(out, k+"="+env[k])
	}
	return out, nil
}
