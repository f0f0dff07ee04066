package devstack

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
)

// The demo provider owns the three services the web app's /demo-services shows, so their Book
// Now leads to a real booking (docs/adr/0032-phone-first-accessible-web.md).
const (
	DemoProviderEmail    = "demo.provider@slotwise.example"
	DemoProviderPassword = "demo-provider-1"
)

// DemoVerifiedDomains are the domains whose addresses the devstack's
// auth-svc counts as verified at once (VERIFIED_EMAIL_DOMAINS): the demo
// accounts', so that their mail flows without a link nobody can open.
// Addresses on other domains (the e2e tests' example.com among them) are
// verified by their link, read from Mailpit.
var DemoVerifiedDomains = []string{"slotwise.example"}

// DemoServices are the /demo-services cards (frontend DemoServicesPage): the names must match.
var DemoServices = []map[string]any{
	demoService("General Health Check-up", "Healthcare & Wellness", "A complete routine check-up with a general physician, including vitals and a consultation.", 499, 60, "CarePlus Clinic", "FC Road, Pune", "care@example.com"),
	demoService("Haircut & Styling", "Beauty & Personal Care", "A professional haircut and styling session with an experienced stylist.", 299, 30, "Glow Salon", "Koramangala, Bengaluru", "9876543210"),
	demoService("AC Service & Repair", "Home Repair", "Inspection, cleaning and minor repair of a split or window air conditioner.", 599, 45, "CoolFix Services", "Andheri, Mumbai", "help@coolfix.example"),
}

func demoService(name, category, description string, price, minutes int, provider, location, contact string) map[string]any {
	return map[string]any{
		"name": name, "category": category, "description": description, "price": price, "duration": minutes,
		"provider": provider, "location": location, "contact": contact, "imageUrl": "",
		"timeSlots": []string{"09:00", "10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"},
	}
}

// SeedDemo makes sure the demo provider and its three services exist, through the public API
// at apiURL as any client would; a second run changes nothing.
func SeedDemo(ctx context.Context, apiURL string) error {
	c := apiClient{ctx: ctx, base: apiURL}
	// Already registered is fine: the login below is what must work.
	if resp, err := c.call(http.MethodPost, "/auth/register", "", map[string]any{
		"email": DemoProviderEmail, "password": DemoProviderPassword, "fullName": "Slotwise Demo", "phoneNumber": "9876543210",
		"address": "FC Road, Pune", "gender": "other", "role": "provider",
		"businessInfo": map[string]any{"businessName": "Slotwise Demo Services", "location": "Pune"},
	}); err == nil {
		_ = resp.Body.Close() // the answer is not read: only the login below matters
	}
	token, err := c.demoLogin()
	if err != nil {
		return err
	}
	var mine struct{ Services []struct{ Name string } }
	if err := c.decode(http.MethodGet, "/services/provider", token, nil, &mine); err != nil {
		return fmt.Errorf("demo provider's services: %w", err)
	}
	for _, s := range DemoServices {
		if slices.ContainsFunc(mine.Services, func(m struct{ Name string }) bool { return m.Name == s["name"] }) {
			continue
		}
		if err := c.decode(http.MethodPost, "/services", token, s, nil); err != nil {
			return fmt.Errorf("demo service %q: %w", s["name"], err)
		}
	}
	return nil
}

// demoLogin is the demo provider's token.
func (c apiClient) demoLogin() (string, error) {
	var login struct{ Token string }
	if err := c.decode(http.MethodPost, "/auth/login-with-role", "", map[string]any{"email": DemoProviderEmail, "password": DemoProviderPassword, "role": "provider"}, &login); err != nil {
		return "", fmt.Errorf("demo provider login: %w", err)
	}
	return login.Token, nil
}

type apiClient struct {
	ctx  context.Context
	base string
}

// call sends body as JSON and returns the answer's status, or an error when nothing answered.
func (c apiClient) call(method, path, token string, body any) (*http.Response, error) {
	var buf bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&buf).Encode(body); err != nil {
			return nil, err
		}
	}
	req, err := http.NewRequestWithContext(c.ctx, method, c.base+path, &buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// decode sends the call and reads a 2xx answer into out (nil: discard); else the server's error.
func (c apiClient) decode(method, path, token string, body, out any) error {
	resp, err := c.call(method, path, token, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		var e struct{ Error string }
		_ = json.NewDecoder(resp.Body).Decode(&e)
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, e.Error)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
