// Package chartcheck validates the Slotwise Helm chart and the k8s/ prerequisites offline:
// it runs helm (lint, template), decodes every rendered object strictly into the k8s.io/api
// types (an unknown or misspelled field is an error) and checks the deployment policies.
package chartcheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/yaml"
)

// Object is one decoded manifest.
type Object struct {
	Source     string // "# Source:" of helm template output, or the file name
	APIVersion string
	Kind       string
	Name       string
	Namespace  string
	Raw        []byte
	Typed      any // pointer to the k8s.io/api type; nil for kinds we do not know (CRDs)
}

func (o Object) String() string { return fmt.Sprintf("%s %s (%s)", o.Kind, o.Name, o.Source) }

// builtin maps apiVersion/kind to a constructor of its typed struct.
var builtin = map[string]func() any{
	"v1/Namespace":                             func() any { return &corev1.Namespace{} },
	"v1/ConfigMap":                             func() any { return &corev1.ConfigMap{} },
	"v1/Secret":                                func() any { return &corev1.Secret{} },
	"v1/Service":                               func() any { return &corev1.Service{} },
	"v1/ServiceAccount":                        func() any { return &corev1.ServiceAccount{} },
	"apps/v1/Deployment":                       func() any { return &appsv1.Deployment{} },
	"apps/v1/StatefulSet":                      func() any { return &appsv1.StatefulSet{} },
	"batch/v1/Job":                             func() any { return &batchv1.Job{} },
	"policy/v1/PodDisruptionBudget":            func() any { return &policyv1.PodDisruptionBudget{} },
	"autoscaling/v2/HorizontalPodAutoscaler":   func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"networking.k8s.io/v1/NetworkPolicy":       func() any { return &networkingv1.NetworkPolicy{} },
	"networking.k8s.io/v1/Ingress":             func() any { return &networkingv1.Ingress{} },
	"rbac.authorization.k8s.io/v1/Role":        func() any { return &rbacv1.Role{} },
	"rbac.authorization.k8s.io/v1/RoleBinding": func() any { return &rbacv1.RoleBinding{} },
	"rbac.authorization.k8s.io/v1/ClusterRole": func() any { return &rbacv1.ClusterRole{} },
	"rbac.authorization.k8s.io/v1/ClusterRoleBinding": func() any {
		return &rbacv1.ClusterRoleBinding{}
	},
}

var (
	docSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)
	sourceLine   = regexp.MustCompile(`(?m)^# Source: (.+)$`)
)

// Decode splits a multi-document YAML stream and decodes each document. Documents of a kind
// listed in builtin are decoded strictly into their k8s.io/api type; other kinds are allowed
// only if allowCRD accepts their apiVersion/kind.
func Decode(stream []byte, defaultSource string, allowCRD func(apiVersion, kind string) bool) ([]Object, error) {
	var out []Object
	for _, doc := range docSeparator.Split(string(stream), -1) {
		source := defaultSource
		if m := sourceLine.FindStringSubmatch(doc); m != nil {
			source = m[1]
		}
		if strings.TrimSpace(stripComments(doc)) == "" {
			continue
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name      string `json:"name"`
				Namespace string `json:"namespace"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			return nil, fmt.Errorf("%s: not YAML: %w", source, err)
		}
		if head.APIVersion == "" || head.Kind == "" || head.Metadata.Name == "" {
			return nil, fmt.Errorf("%s: document without apiVersion, kind or metadata.name:\n%s", source, doc)
		}
		obj := Object{Source: source, APIVersion: head.APIVersion, Kind: head.Kind,
			Name: head.Metadata.Name, Namespace: head.Metadata.Namespace, Raw: []byte(doc)}
		if mk, ok := builtin[head.APIVersion+"/"+head.Kind]; ok {
			typed := mk()
			if err := yaml.UnmarshalStrict([]byte(doc), typed); err != nil {
				return nil, fmt.Errorf("%s: strict decode of %s %s: %w", source, head.Kind, head.Metadata.Name, err)
			}
			obj.Typed = typed
		} else if allowCRD == nil || !allowCRD(head.APIVersion, head.Kind) {
			return nil, fmt.Errorf("%s: unexpected kind %s/%s %s", source, head.APIVersion, head.Kind, head.Metadata.Name)
		}
		out = append(out, obj)
	}
	return out, nil
}

func stripComments(doc string) string {
	var b strings.Builder
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// Helm returns the helm binary: $HELM, else ../../bin/helm (the repo's git-ignored bin/),
// else helm on PATH.
func Helm() (string, error) {
	if h := os.Getenv("HELM"); h != "" {
		return h, nil
	}
	if abs, err := filepath.Abs("../../bin/helm"); err == nil {
		if _, err := os.Stat(abs); err == nil {
			return abs, nil
		}
	}
	if p, err := exec.LookPath("helm"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("helm not found: set HELM or run `make -C helm test`")
}

// RunHelm runs helm with args and returns stdout, or an error carrying stderr.
func RunHelm(args ...string) ([]byte, error) {
	helm, err := Helm()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(helm, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Keep helm away from the user's config and caches: fully offline and reproducible.
	tmp, err := os.MkdirTemp("", "chartcheck-helm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd.Env = append(os.Environ(),
		"HELM_CACHE_HOME="+filepath.Join(tmp, "cache"),
		"HELM_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"HELM_DATA_HOME="+filepath.Join(tmp, "data"),
	)
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("helm %s: %w\n%s%s", strings.Join(args, " "), err, stderr.String(), stdout.String())
	}
	return stdout.Bytes(), nil
}
